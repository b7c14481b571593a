import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type PushSubscriptionBody,
  type UpdatePreferencesBody,
} from '@wellspring/shared';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/app/context';
import { presentPreferences, presentPushSubscription } from './preferences.presenter';
import {
  deletePushSubscription,
  deletePushSubscriptionsOfUser,
  findPreferences,
  upsertPreferences,
  upsertPushSubscription,
  type PreferencesValues,
} from './preferences.repository';

export async function getPreferences(db: Database, auth: AuthContext): Promise<Preferences> {
  return presentPreferences(await findPreferences(db, auth.userId));
}

/**
 * Saves the parts given (theme, reminder). Turning the reminder off also removes every push
 * subscription of the user's, in the same transaction: no device keeps a way to be reached.
 */
export async function updatePreferences(
  db: Database,
  auth: AuthContext,
  body: UpdatePreferencesBody,
  now: Date,
): Promise<Preferences> {
  const changes: Partial<PreferencesValues> = {};
  if (body.theme) changes.theme = body.theme;
  if (body.reminder) {
    changes.reminderEnabled = body.reminder.enabled;
    changes.reminderTime = body.reminder.time;
    changes.reminderWeekdays = [...body.reminder.weekdays];
  }
  const initial: PreferencesValues = {
    theme: DEFAULT_PREFERENCES.theme,
    reminderEnabled: DEFAULT_PREFERENCES.reminder.enabled,
    reminderTime: DEFAULT_PREFERENCES.reminder.time,
    reminderWeekdays: [...DEFAULT_PREFERENCES.reminder.weekdays],
    ...changes,
  };
  return db.transaction(async (tx) => {
    const row = await upsertPreferences(tx, auth.userId, initial, changes, now);
    if (body.reminder && !body.reminder.enabled) {
      await deletePushSubscriptionsOfUser(tx, auth.userId);
    }
    return presentPreferences(row);
  });
}

/** Keeps this browser's subscription, tied to the session that sent it. */
export async function subscribePush(
  db: Database,
  auth: AuthContext,
  body: PushSubscriptionBody,
  now: Date,
) {
  const row = await upsertPushSubscription(db, {
    userId: auth.userId,
    sessionId: auth.sessionId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    createdAt: now,
  });
  return presentPushSubscription(row);
}

/** Forgets one of the user's subscriptions; an endpoint already gone removes nothing. */
export async function unsubscribePush(db: Database, auth: AuthContext, endpoint: string) {
  return { removed: await deletePushSubscription(db, auth.userId, endpoint) };
}
