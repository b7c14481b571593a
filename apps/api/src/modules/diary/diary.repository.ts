import { and, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { diaries, diaryStreaks, encryptionKeyChecks, moodEntries, users } from '../../db/schema';
import {
  IS_LIVE_SESSION,
  preparedPerDatabase,
  selectWithLiveSession,
} from '../auth/auth-sessions.repository';

/**
 * The diary streak of a user on their local `today` (as getDiaryStreak counts it: the run of
 * consecutive days with an entry that ends today, or yesterday when today has none), in one
 * query: their row of diary_streaks (decision 056).
 */
export async function getStreak(db: Executor, userId: string, today: string): Promise<number> {
  const result = await db.execute<{ streak: number }>(streakQuery(userId, today));
  // Both drivers answer an object with the rows (node-postgres' QueryResult, PGlite's Results).
  const { rows } = result as unknown as { rows: { streak: number | string }[] };
  return Number(rows[0]?.streak ?? 0);
}

/** The statement getStreak runs (bench/scale.ts prints its plan). */
export function streakQuery(userId: string, today: string): SQL {
  return streakOf(sql`${userId}`, sql`${today}::date`);
}

/**
 * The streak statement for any user id and local date expressions: `streakQuery`'s, and the
 * scalar subquery GET /user's session lookup reads the streak with (decision 048). It reads the
 * user's one row of diary_streaks, which triggers on diaries keep (decision 056): the latest day
 * and the run that ends on it. That run is the streak while its day is today or yesterday. A
 * latest day after today (the user moved west of the zone they wrote in) counts the entries up to
 * today instead, as countedStreakOf does.
 */
export function streakOf(userId: SQL | AnyColumn, today: SQL): SQL {
  return sql`
    select coalesce((
      select case
               when ${diaryStreaks.lastDay} > ${today} then (${countedStreakOf(userId, today)})
               when ${diaryStreaks.lastDay} >= ${today} - 1 then ${diaryStreaks.length}
               else 0
             end
      from ${diaryStreaks}
      where ${diaryStreaks.userId} = ${userId}
    ), 0)::int as streak
  `;
}

/**
 * The streak counted from the entries themselves. Numbered newest first, the n-th entry of an
 * unbroken run is dated n - 1 days before the newest; after the first gap no entry is again, so
 * counting the entries on that line counts the run. The read is an index-only range of the
 * (user, day) key.
 */
export function countedStreakOf(userId: SQL | AnyColumn, today: SQL): SQL {
  return sql`
    with numbered as (
      select ${diaries.localDate} as day,
             row_number() over (order by ${diaries.localDate} desc) as n
      from ${diaries}
      where ${diaries.userId} = ${userId} and ${diaries.localDate} <= ${today}
    )
    select count(*)::int as streak
    from numbered
    where day = (select max(day) from numbered) - (n - 1)::int
      and (select max(day) from numbered) >= ${today} - 1
  `;
}

export type DiaryRow = typeof diaries.$inferSelect;

/** An entry with the user's mood of its local day (null when none was set). */
export interface DiaryWithMood {
  diary: DiaryRow;
  mood: string | null;
}

/** The join of an entry to its day's mood: the mood's (user, day) key. */
export const dayMood = and(
  eq(moodEntries.userId, diaries.userId),
  eq(moodEntries.localDate, diaries.localDate),
);

/** An entry with its mood as the session read's JSON holds it (createdAt as text). */
interface DiaryJson {
  diary: Omit<DiaryRow, 'createdAt'> & { createdAt: string };
  mood: string | null;
}

/**
 * GET /diary's one statement (decision 048): the live session, its user's row, and every entry of
 * the user newest first with its day's mood, as JSON (listDiaries' rows once createdAt is a Date).
 */
const diariesReadOf = preparedPerDatabase((db: Executor) =>
  selectWithLiveSession(
    db,
    sql<DiaryJson[]>`(
        select coalesce(json_agg(json_build_object(
          'diary', json_build_object(
            'id', ${diaries.id},
            'userId', ${diaries.userId},
            'localDate', to_char(${diaries.localDate}, 'YYYY-MM-DD'),
            'content', ${diaries.content},
            'keyVersion', ${diaries.keyVersion},
            'createdAt', to_char(${diaries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          ),
          'mood', ${moodEntries.mood}
        ) order by ${diaries.localDate} desc), '[]'::json)
        from ${diaries}
        left join ${moodEntries} on ${dayMood}
        where ${diaries.userId} = ${users.id}
      )`,
  )
    .where(IS_LIVE_SESSION)
    .limit(1)
    .prepare('session_diaries_read'),
);

/** The live session of a token hash at `now`, with every entry of its user (as listDiaries). */
export async function findSessionWithDiaries(db: Executor, tokenHash: string, now: Date) {
  const [row] = await diariesReadOf(db).execute({ tokenHash, now: now.toISOString() });
  if (!row) return undefined;
  const read: DiaryWithMood[] = row.read.map(({ diary, mood }) => ({
    diary: { ...diary, createdAt: new Date(diary.createdAt) },
    mood,
  }));
  return { ...row, read };
}

/** Every entry of the user, newest first, each with its day's mood. */
export async function listDiaries(db: Executor, userId: string): Promise<DiaryWithMood[]> {
  return db
    .select({ diary: diaries, mood: moodEntries.mood })
    .from(diaries)
    .leftJoin(moodEntries, dayMood)
    .where(eq(diaries.userId, userId))
    .orderBy(desc(diaries.localDate));
}

/** Writes the user's entry of a local day; the (user, day) key refuses a second. */
export async function insertDiary(
  db: Executor,
  userId: string,
  localDate: string,
  sealed: { content: string; keyVersion: number },
  createdAt: Date,
): Promise<DiaryRow> {
  const [row] = await db
    .insert(diaries)
    .values({ userId, localDate, ...sealed, createdAt })
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
