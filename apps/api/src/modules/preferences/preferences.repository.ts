import { and, desc, eq, ne, notInArray } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { pushSubscriptions, userPreferences } from '../../db/schema';

export type PreferencesRow = typeof userPreferences.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** What a preferences write sets: the whole row for a first write, only the given parts after. */
export interface PreferencesValues {
  theme: string;
  reminderEnabled: boolean;
  reminderTime: string;
  reminderWeekdays: string[];
  onThisDayShowsLowDays: boolean;
  measureReminderEnabled: boolean;
}

export async function findPreferences(
  db: Executor,
  userId: string,
): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return row;
}

/** Writes the user's preferences: `initial` when there is no row yet, else only `changes`. */
export async function upsertPreferences(
  tx: Transaction,
  userId: string,
  initial: PreferencesValues,
  changes: Partial<PreferencesValues>,
  now: Date,
): Promise<PreferencesRow> {
  const [row] = await tx
    .insert(userPreferences)
    .values({ userId, ...initial, updatedAt: now })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...changes, updatedAt: now } })
    .returning();
  return row!;
}

/**
 * Keeps a browser's subscription for this user and session. The same endpoint posted again by the
 * same session refreshes its keys; held by another session, it is left as it is and nothing is
 * answered, so an endpoint never changes owner (decision 063).
 */
export async function upsertPushSubscription(
  tx: Transaction,
  values: {
    userId: string;
    sessionId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    createdAt: Date;
  },
): Promise<PushSubscriptionRow | undefined> {
  const { p256dh, auth, createdAt } = values;
  const [row] = await tx
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh, auth, createdAt },
      setWhere: and(
        eq(pushSubscriptions.userId, values.userId),
        eq(pushSubscriptions.sessionId, values.sessionId),
      ),
    })
    .returning();
  return row;
}

/** Removes the session's other subscriptions: a browser has one subscription at a time. */
export async function deleteOtherSubscriptionsOfSession(
  tx: Transaction,
  sessionId: string,
  keepId: string,
): Promise<void> {
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.sessionId, sessionId), ne(pushSubscriptions.id, keepId)));
}

/** Removes the user's oldest subscriptions beyond the newest `keep`. */
export async function deleteSubscriptionsBeyond(
  tx: Transaction,
  userId: string,
  keep: number,
): Promise<void> {
  const newest = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Removes one of the user's subscriptions by its endpoint; answers how many went (0 or 1). */
export async function deletePushSubscription(
  db: Executor,
  userId: string,
  endpoint: string,
): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** Removes every subscription of the user's (reminders turned off). */
export async function deletePushSubscriptionsOfUser(
  tx: Transaction,
  userId: string,
): Promise<number> {
  const rows = await tx
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}
