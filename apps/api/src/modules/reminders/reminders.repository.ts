import { and, eq, exists, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pushSubscriptions, userPreferences, users } from '../../db/schema';
import { dayMoodOfUser } from '../check-ins/check-ins.repository';
import { lastTakenOnOf, resultAfterOfUser } from '../measures/measures.repository';

/** A user whose reminder is on and who has at least one device to reach. */
export interface ReminderCandidateRow {
  userId: string;
  timeZone: string;
  time: string;
  weekdays: string[];
  remindedOn: string | null;
}

/** The user of the preferences row has a push subscription: a device to reach. */
function hasDeviceToReach(db: Executor) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userPreferences.userId)),
  );
}

/** Every user with the reminder on and a push subscription; the schedule decides who is due. */
export async function listReminderCandidates(db: Executor): Promise<ReminderCandidateRow[]> {
  return db
    .select({
      userId: userPreferences.userId,
      timeZone: users.timeZone,
      time: userPreferences.reminderTime,
      weekdays: userPreferences.reminderWeekdays,
      remindedOn: userPreferences.remindedOn,
    })
    .from(userPreferences)
    .innerJoin(users, eq(users.id, userPreferences.userId))
    .where(and(eq(userPreferences.reminderEnabled, true), hasDeviceToReach(db)));
}

/**
 * Claims the user's local day for a reminder: true when this call set `reminded_on` to it. The
 * one statement checks the reminder is still on, the day not yet claimed and no mood set that day,
 * and marks it, so of two processes ticking at once exactly one is answered true (decision 041).
 */
export async function claimReminderDay(
  db: Executor,
  userId: string,
  localDate: string,
): Promise<boolean> {
  const rows = await db
    .update(userPreferences)
    .set({ remindedOn: localDate })
    .where(
      and(
        eq(userPreferences.userId, userId),
        eq(userPreferences.reminderEnabled, true),
        or(isNull(userPreferences.remindedOn), lt(userPreferences.remindedOn, localDate)),
        notExists(dayMoodOfUser(db, userId, localDate)),
      ),
    )
    .returning({ userId: userPreferences.userId });
  return rows.length === 1;
}

/** A user whose questionnaire reminder is on, with the day of their last questionnaire. */
export interface MeasureReminderCandidateRow extends ReminderCandidateRow {
  lastTakenOn: string | null;
}

/**
 * Every user with the reminder and the questionnaire reminder on and a push subscription
 * (decision 083); the schedule decides who is due. `remindedOn` is the questionnaire reminder's.
 */
export async function listMeasureReminderCandidates(
  db: Executor,
): Promise<MeasureReminderCandidateRow[]> {
  return db
    .select({
      userId: userPreferences.userId,
      timeZone: users.timeZone,
      time: userPreferences.reminderTime,
      weekdays: userPreferences.reminderWeekdays,
      remindedOn: userPreferences.measureRemindedOn,
      lastTakenOn: sql<string | null>`(${lastTakenOnOf(db, sql`${userPreferences.userId}`)})`,
    })
    .from(userPreferences)
    .innerJoin(users, eq(users.id, userPreferences.userId))
    .where(
      and(
        eq(userPreferences.reminderEnabled, true),
        eq(userPreferences.measureReminderEnabled, true),
        hasDeviceToReach(db),
      ),
    );
}

/**
 * Claims the user's local day for a questionnaire reminder: true when this call set
 * `measure_reminded_on` to it. As claimReminderDay, one statement checks it is still on, none was
 * sent in the two weeks before `since` and none was taken after `since`, and marks it.
 */
export async function claimMeasureReminderDay(
  db: Executor,
  userId: string,
  localDate: string,
  since: string,
): Promise<boolean> {
  const rows = await db
    .update(userPreferences)
    .set({ measureRemindedOn: localDate })
    .where(
      and(
        eq(userPreferences.userId, userId),
        eq(userPreferences.reminderEnabled, true),
        eq(userPreferences.measureReminderEnabled, true),
        or(
          isNull(userPreferences.measureRemindedOn),
          lte(userPreferences.measureRemindedOn, since),
        ),
        notExists(resultAfterOfUser(db, userId, since)),
      ),
    )
    .returning({ userId: userPreferences.userId });
  return rows.length === 1;
}

/** The user's devices, as the push service needs them. */
export async function listSubscriptionsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** Removes a subscription the push service says is gone (404 or 410). */
export async function deleteSubscriptionById(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
