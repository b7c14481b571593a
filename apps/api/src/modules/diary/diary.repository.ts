import { and, asc, desc, eq, gte, inArray, lt, lte, min, ne } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { diaries, encryptionKeyChecks, moodEntries } from '../../db/schema';
import { dayMoodOf } from '../check-ins/check-ins.repository';

/** The local dates of the user's entries up to `today`, newest first (for the streak). */
export async function listEntryDates(
  db: Executor,
  userId: string,
  today: string,
): Promise<string[]> {
  const rows = await db
    .select({ day: diaries.localDate })
    .from(diaries)
    .where(and(eq(diaries.userId, userId), lte(diaries.localDate, today)))
    .orderBy(desc(diaries.localDate));
  return rows.map((row) => row.day);
}

/** The local dates of the user's entries from `start` to `end` (an import's preview). */
export async function listEntryDatesBetween(
  db: Executor,
  userId: string,
  start: string,
  end: string,
): Promise<string[]> {
  const rows = await db
    .select({ day: diaries.localDate })
    .from(diaries)
    .where(
      and(eq(diaries.userId, userId), gte(diaries.localDate, start), lte(diaries.localDate, end)),
    );
  return rows.map((row) => row.day);
}

export type DiaryRow = typeof diaries.$inferSelect;

/** An entry with the user's mood of its local day (null when none was set). */
export interface DiaryWithMood {
  diary: DiaryRow;
  mood: string | null;
}

/** The join of an entry to its day's mood, which the check-ins module keeps. */
export const dayMood = dayMoodOf(diaries.userId, diaries.localDate);

/**
 * A page of the diary (decision 079): at most `limit` entries, of days before `before` (of any
 * day without it). One entry a day makes the day a keyset cursor.
 */
export interface DiaryPage {
  limit: number;
  before?: string | undefined;
}

/**
 * A page of the user's entries, newest first (the (user, day) key, read backwards). SPEC.md's
 * whole list is these pages one after another (decision 086), never one read of every entry.
 */
export async function listDiaries(
  db: Executor,
  userId: string,
  { limit, before }: DiaryPage,
): Promise<DiaryWithMood[]> {
  return db
    .select({ diary: diaries, mood: moodEntries.mood })
    .from(diaries)
    .leftJoin(moodEntries, dayMood)
    .where(
      and(
        eq(diaries.userId, userId),
        before === undefined ? undefined : lt(diaries.localDate, before),
      ),
    )
    .orderBy(desc(diaries.localDate))
    .limit(limit);
}

/** The user's entries of these ids whose day is from `start` to `end`, oldest first (a report). */
export async function findDiariesIn(
  db: Executor,
  userId: string,
  ids: readonly string[],
  start: string,
  end: string,
): Promise<DiaryWithMood[]> {
  if (ids.length === 0) return [];
  return db
    .select({ diary: diaries, mood: moodEntries.mood })
    .from(diaries)
    .leftJoin(moodEntries, dayMood)
    .where(
      and(
        eq(diaries.userId, userId),
        inArray(diaries.id, [...ids]),
        gte(diaries.localDate, start),
        lte(diaries.localDate, end),
      ),
    )
    .orderBy(asc(diaries.localDate));
}

/** Writes the user's entry of a local day; the (user, day) key refuses a second. */
export async function insertDiary(
  db: Executor,
  userId: string,
  localDate: string,
  sealed: { content: string; keyVersion: number },
  createdAt: Date,
  isBackfilled = false,
): Promise<DiaryRow> {
  const [row] = await db
    .insert(diaries)
    .values({ userId, localDate, ...sealed, createdAt, isBackfilled })
    .returning();
  return row!;
}

// ---- The data keys (diary-vault.ts) -------------------------------------------------------

/** The stored key check value of a data key version, or undefined. */
export async function findKeyCheck(db: Executor, version: number): Promise<string | undefined> {
  const [row] = await db
    .select()
    .from(encryptionKeyChecks)
    .where(eq(encryptionKeyChecks.version, version));
  return row?.checkValue;
}

/** Stores the key check value of a version (nothing when another process stored one first). */
export async function insertKeyCheck(
  db: Executor,
  version: number,
  checkValue: string,
): Promise<void> {
  await db.insert(encryptionKeyChecks).values({ version, checkValue }).onConflictDoNothing();
}

/** Every data key version some stored entry is sealed under (the plaintext mark left out). */
export async function listSealedKeyVersions(
  db: Executor,
  plaintextVersion: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ version: diaries.keyVersion })
    .from(diaries)
    .where(ne(diaries.keyVersion, plaintextVersion));
  return rows.map((r) => r.version);
}

/**
 * Locks and answers up to `limit` entries still to re-seal: those under `version` when `isOnly`,
 * else those not under it. Rows another process has locked are skipped.
 */
export async function lockEntriesToReseal(
  tx: Transaction,
  pending: { version: number; isOnly: boolean },
  limit: number,
): Promise<DiaryRow[]> {
  return tx
    .select()
    .from(diaries)
    .where(
      pending.isOnly
        ? eq(diaries.keyVersion, pending.version)
        : ne(diaries.keyVersion, pending.version),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Replaces an entry's sealed text, if it is still under the version it was read with. */
export async function updateSealedEntry(
  tx: Transaction,
  row: { id: string; keyVersion: number },
  sealed: { content: string; keyVersion: number },
): Promise<void> {
  await tx
    .update(diaries)
    .set(sealed)
    .where(and(eq(diaries.id, row.id), eq(diaries.keyVersion, row.keyVersion)));
}

/** The user's first local day with a diary entry, or null (an import may bring older ones). */
export async function findFirstEntryDate(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ day: min(diaries.localDate) })
    .from(diaries)
    .where(eq(diaries.userId, userId));
  return row?.day ?? null;
}

/**
 * Writes an import's entries (decision 081). A day that gained an entry meanwhile keeps it: the
 * unique day key turns the import's away rather than failing the batch.
 */
export async function insertImportedDiaries(
  tx: Transaction,
  rows: (typeof diaries.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(diaries).values(rows).onConflictDoNothing();
}

export async function deleteImportDiaries(tx: Transaction, importId: string): Promise<string[]> {
  const rows = await tx
    .delete(diaries)
    .where(eq(diaries.importId, importId))
    .returning({ day: diaries.localDate });
  return rows.map((row) => row.day);
}
