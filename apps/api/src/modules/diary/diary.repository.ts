import { addDays } from '@wellspring/shared';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { diaries } from '../../db/schema';

/**
 * The derived diary streak of a user on their local `today` (as getDiaryStreak counts it: the run
 * of consecutive days with an entry that ends today, or yesterday when today has none), in one
 * query. Numbered newest first, the n-th entry of an unbroken run is dated n - 1 days before the
 * newest; after the first gap no entry is again, so counting the entries on that line counts the
 * run. The read is an index-only range of the (user, day) key.
 */
export async function getStreak(db: Executor, userId: string, today: string): Promise<number> {
  const result = await db.execute<{ streak: number }>(streakQuery(userId, today));
  // Both drivers answer an object with the rows (node-postgres' QueryResult, PGlite's Results).
  const { rows } = result as unknown as { rows: { streak: number | string }[] };
  return Number(rows[0]?.streak ?? 0);
}

/** The statement getStreak runs (bench/scale.ts prints its plan). */
export function streakQuery(userId: string, today: string): SQL {
  const yesterday = addDays(today, -1);
  return sql`
    with numbered as (
      select ${diaries.localDate} as day,
             row_number() over (order by ${diaries.localDate} desc) as n
      from ${diaries}
      where ${diaries.userId} = ${userId} and ${diaries.localDate} <= ${today}::date
    )
    select count(*)::int as streak
    from numbered
    where day = (select max(day) from numbered) - (n - 1)::int
      and (select max(day) from numbered) >= ${yesterday}::date
  `;
}

export async function listDiaries(db: Executor, userId: string) {
  return db
    .select()
    .from(diaries)
    .where(eq(diaries.userId, userId))
    .orderBy(desc(diaries.localDate));
}
