import {
  AppError,
  DEFAULT_PREFERENCES,
  type Preferences,
  type PushSubscriptionBody,
  type UpdatePreferencesBody,
} from '@wellspring/shared';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/app/context';
import {
  PUSH_ENDPOINT_REFUSED_MESSAGE,
  refusePushEndpoint,
  type PushEndpointPolicy,
} from '../reminders/push-endpoint';
import { lockUser } from '../user/user.repository';
import { presentPreferences, presentPushSubscription } from './preferences.presenter';
import {
  deleteOtherSubscriptionsOfSession,
  deletePushSubscription,
  deletePushSubscriptionsOfUser,
  deleteSubscriptionsBeyond,
  findPreferences,
  upsertPreferences,
  upsertPushSubscription,
  type PreferencesValues,
} from './preferences.repository';

export async function getPreferences(db: Database, auth: AuthContext): Promise<Preferences> {
  return presentPreferences(await findPreferences(db, auth.userId));
}

/**
 * Saves the parts given (theme, reminder, low days in "On this day", the questionnaire reminder).
 * Turning the reminder off also removes every push
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
  if (body.onThisDayShowsLowDays !== undefined) {
    changes.onThisDayShowsLowDays = body.onThisDayShowsLowDays;
  }
  if (body.measureReminder !== undefined) changes.measureReminderEnabled = body.measureReminder;
  const initial: PreferencesValues = {
    theme: DEFAULT_PREFERENCES.theme,
    reminderEnabled: DEFAULT_PREFERENCES.reminder.enabled,
    reminderTime: DEFAULT_PREFERENCES.reminder.time,
    reminderWeekdays: [...DEFAULT_PREFERENCES.reminder.weekdays],
    onThisDayShowsLowDays: DEFAULT_PREFERENCES.onThisDayShowsLowDays,
    measureReminderEnabled: DEFAULT_PREFERENCES.measureReminder,
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

/** How many devices of one account may be reminded; a new one beyond replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 10;

/**
 * Keeps this browser's subscription, tied to the session that sent it (decision 063): only a push
 * service's address is kept, an endpoint another session holds is refused, a session keeps its
 * newest subscription only, and an account its newest ten.
 */
export async function subscribePush(
  db: Database,
  auth: AuthContext,
  body: PushSubscriptionBody,
  policy: PushEndpointPolicy,
  now: Date,
) {
  if (refusePushEndpoint(body.endpoint, policy)) {
    throw new AppError('PUSH_ENDPOINT_NOT_ALLOWED', PUSH_ENDPOINT_REFUSED_MESSAGE);
  }
  return db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    const row = await upsertPushSubscription(tx, {
      userId: auth.userId,
      sessionId: auth.sessionId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      createdAt: now,
    });
    if (!row) {
      throw new AppError(
        'PUSH_ENDPOINT_TAKEN',
        'This browser’s push subscription belongs to another sign-in; subscribe again.',
      );
    }
    await deleteOtherSubscriptionsOfSession(tx, auth.sessionId, row.id);
    await deleteSubscriptionsBeyond(tx, auth.userId, MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT);
    return presentPushSubscription(row);
  });
}

/** Forgets one of the user's subscriptions; an endpoint already gone removes nothing. */
export async function unsubscribePush(db: Database, auth: AuthContext, endpoint: string) {
  return { removed: await deletePushSubscription(db, auth.userId, endpoint) };
}
