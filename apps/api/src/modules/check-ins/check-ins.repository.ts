import { and, asc, count, desc, eq, inArray, isNotNull, lte, min, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/client';
import { checkIns, moodEntries } from '../../db/schema';

export type CheckInRow = typeof checkIns.$inferSelect;
export type NewCheckInRow = typeof checkIns.$inferInsert;
/** A day's mood as the check-ins module keeps it (decision 073). */
export type DayMoodRow = typeof moodEntries.$inferSelect;

/** The join of a row holding (userId, localDate) to that day's mood. */
export function dayMoodOf(userId: AnyPgColumn, localDate: AnyPgColumn) {
  return and(eq(moodEntries.userId, userId), eq(moodEntries.localDate, localDate));
}

export async function countDayCheckIns(tx: Transaction, userId: string, localDate: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.localDate, localDate)));
  return Number(row?.n ?? 0);
}

export async function insertCheckIn(tx: Transaction, values: NewCheckInRow): Promise<CheckInRow> {
  const [row] = await tx.insert(checkIns).values(values).returning();
  return row!;
}

/** The key versions that check-in notes are sealed with. */
export async function listNoteKeyVersions(db: Executor): Promise<number[]> {
  const rows = await db
    .selectDistinct({ version: checkIns.noteKeyVersion })
    .from(checkIns)
    .where(isNotNull(checkIns.noteKeyVersion));
  return rows.map((r) => r.version!);
}

/** Locks up to `limit` notes not sealed under `version`; rows another process holds are skipped. */
export async function lockNotesToReseal(tx: Transaction, version: number, limit: number) {
  return tx
    .select({
      id: checkIns.id,
      userId: checkIns.userId,
      note: checkIns.note,
      noteKeyVersion: checkIns.noteKeyVersion,
    })
    .from(checkIns)
    .where(and(isNotNull(checkIns.noteKeyVersion), ne(checkIns.noteKeyVersion, version)))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Replaces a note's sealed text, if it is still under the version it was read with. */
export async function updateSealedNote(
  tx: Transaction,
  row: { id: string; noteKeyVersion: number | null },
  sealed: { note: string | null; noteKeyVersion: number | null },
): Promise<void> {
  await tx
    .update(checkIns)
    .set(sealed)
    .where(and(eq(checkIns.id, row.id), eq(checkIns.noteKeyVersion, row.noteKeyVersion!)));
}

/** The day's check-in that SPEC.md's daily mood set (undefined when none). */
export async function findDailyMoodCheckIn(tx: Transaction, userId: string, localDate: string) {
  const [row] = await tx
    .select()
    .from(checkIns)
    .where(
      and(
        eq(checkIns.userId, userId),
        eq(checkIns.localDate, localDate),
        eq(checkIns.isDailyMood, true),
      ),
    );
  return row;
}

export async function updateCheckInMood(
  tx: Transaction,
  id: string,
  changes: { mood: string; takenAt: Date; timeZone: string },
): Promise<CheckInRow> {
  const [row] = await tx.update(checkIns).set(changes).where(eq(checkIns.id, id)).returning();
  return row!;
}

/** The local day of one of the user's check-ins; null when it is not theirs. */
export async function findCheckInDay(
  tx: Transaction,
  userId: string,
  id: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ localDate: checkIns.localDate })
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.id, id)));
  return row?.localDate ?? null;
}

/** Deletes one of the user's check-ins; answers it, or undefined when it is not theirs. */
export async function deleteCheckInRow(tx: Transaction, userId: string, id: string) {
  const [row] = await tx
    .delete(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.id, id)))
    .returning();
  return row;
}

/** The check-ins of one local day, in the order they were taken. */
export async function listDayCheckIns(
  db: Executor,
  userId: string,
  localDate: string,
): Promise<CheckInRow[]> {
  return db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.localDate, localDate)))
    .orderBy(checkIns.takenAt, checkIns.createdAt);
}

/** Where a page of check-ins ends: its last row's day, moment and id. */
export interface CheckInCursor {
  localDate: string;
  takenAt: Date;
  id: string;
}

/** One page of the user's check-ins, oldest first (day, moment, id), after the given one. */
export async function findCheckInBatch(
  db: Executor,
  userId: string,
  after: CheckInCursor | null,
  limit: number,
): Promise<CheckInRow[]> {
  return db
    .select()
    .from(checkIns)
    .where(
      and(
        eq(checkIns.userId, userId),
        after
          ? sql`(${checkIns.localDate}, ${checkIns.takenAt}, ${checkIns.id}) >
              (${after.localDate}::date, ${after.takenAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(checkIns.localDate), asc(checkIns.takenAt), asc(checkIns.id))
    .limit(limit);
}

/** The moods of a day's check-ins, latest taken first. */
export async function listDayMoods(tx: Transaction, userId: string, localDate: string) {
  return tx
    .select({ mood: checkIns.mood })
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.localDate, localDate)))
    .orderBy(desc(checkIns.takenAt), desc(checkIns.createdAt));
}

export async function upsertDayMood(tx: Transaction, row: DayMoodRow): Promise<void> {
  await tx
    .insert(moodEntries)
    .values(row)
    .onConflictDoUpdate({
      target: [moodEntries.userId, moodEntries.localDate],
      set: {
        mood: row.mood,
        checkInCount: row.checkInCount,
        moodLevelSum: row.moodLevelSum,
        updatedAt: row.updatedAt,
      },
    });
}

export async function deleteDayMood(tx: Transaction, userId: string, localDate: string) {
  await tx
    .delete(moodEntries)
    .where(and(eq(moodEntries.userId, userId), eq(moodEntries.localDate, localDate)));
}

/** Writes whole days at once (an import, a test's seed): their check-ins and the days' moods. */
export async function insertDays(
  tx: Executor,
  checkInRows: NewCheckInRow[],
  dayRows: DayMoodRow[],
): Promise<void> {
  if (checkInRows.length > 0) await tx.insert(checkIns).values(checkInRows);
  if (dayRows.length > 0) await tx.insert(moodEntries).values(dayRows);
}

/** The day moods of the given local days (for a page of diary entries, the day views). */
export async function findDayMoods(db: Executor, userId: string, localDates: string[]) {
  if (localDates.length === 0) return [];
  return db
    .select()
    .from(moodEntries)
    .where(and(eq(moodEntries.userId, userId), inArray(moodEntries.localDate, localDates)));
}

/** The user's mood of each local day from `start` (or the first) to `end`, oldest first. */
export async function listMoodDays(
  db: Executor,
  userId: string,
  start: string | null,
  end: string,
): Promise<{ day: string; mood: string; checkInCount: number; moodLevelSum: number }[]> {
  return db
    .select({
      day: moodEntries.localDate,
      mood: moodEntries.mood,
      checkInCount: moodEntries.checkInCount,
      moodLevelSum: moodEntries.moodLevelSum,
    })
    .from(moodEntries)
    .where(
      and(
        eq(moodEntries.userId, userId),
        start === null ? undefined : sql`${moodEntries.localDate} >= ${start}::date`,
        lte(moodEntries.localDate, end),
      ),
    )
    .orderBy(asc(moodEntries.localDate));
}

/** The moods of the user's latest `count` days that have one, up to `end`, newest first. */
export async function listLatestMoods(
  db: Executor,
  userId: string,
  end: string,
  count: number,
): Promise<string[]> {
  const rows = await db
    .select({ mood: moodEntries.mood })
    .from(moodEntries)
    .where(and(eq(moodEntries.userId, userId), lte(moodEntries.localDate, end)))
    .orderBy(desc(moodEntries.localDate))
    .limit(count);
  return rows.map((r) => r.mood);
}

/** The day's mood row as a subquery (for an exists test inside another statement). */
export function dayMoodOfUser(db: Executor, userId: string, localDate: string) {
  return db
    .select({ one: sql`1` })
    .from(moodEntries)
    .where(and(eq(moodEntries.userId, userId), eq(moodEntries.localDate, localDate)));
}

/**
 * The feeling words of each of the user's check-ins that named any, from `start` (or the first)
 * to `end`: one index range read of the (user, day) key (feelings by month, On this day).
 */
export async function listCheckInFeelings(
  db: Executor,
  userId: string,
  start: string | null,
  end: string,
): Promise<{ day: string; feelings: string[] }[]> {
  return db
    .select({ day: checkIns.localDate, feelings: checkIns.feelings })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.userId, userId),
        start === null ? undefined : sql`${checkIns.localDate} >= ${start}::date`,
        lte(checkIns.localDate, end),
        sql`cardinality(${checkIns.feelings}) > 0`,
      ),
    );
}

/** The user's first local day with a mood, or null: an imported history may start before the account. */
export async function findFirstMoodDay(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: min(moodEntries.localDate) })
    .from(moodEntries)
    .where(eq(moodEntries.userId, userId));
  return row?.day ?? null;
}

/** The local days an import's check-ins fall on (decision 081). */
export async function listImportCheckInDays(tx: Transaction, importId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ day: checkIns.localDate })
    .from(checkIns)
    .where(eq(checkIns.importId, importId));
  return rows.map((row) => row.day);
}

export async function deleteImportCheckIns(tx: Transaction, importId: string): Promise<void> {
  await tx.delete(checkIns).where(eq(checkIns.importId, importId));
}

/** The day and mood of each of the user's check-ins on the given local days. */
export async function listCheckInMoodsOn(tx: Transaction, userId: string, localDates: string[]) {
  if (localDates.length === 0) return [];
  return tx
    .select({ localDate: checkIns.localDate, mood: checkIns.mood })
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), inArray(checkIns.localDate, localDates)));
}

export async function deleteDayMoods(tx: Transaction, userId: string, localDates: string[]) {
  if (localDates.length === 0) return;
  await tx
    .delete(moodEntries)
    .where(and(eq(moodEntries.userId, userId), inArray(moodEntries.localDate, localDates)));
}
