import { and, between, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tasks } from '../../db/schema';

/** A day's points, as sumPointsByDay answers them. */
export interface DayPoints {
  day: string | null;
  points: number;
}

/** Points of the user's completed tasks on each local day of the range that has any. */
export async function sumPointsByDay(
  db: Executor,
  userId: string,
  start: string,
  end: string,
): Promise<DayPoints[]> {
  return db
    .select({ day: tasks.completedOn, points: sql<number>`coalesce(sum(${tasks.points}), 0)::int` })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.status, 'Completed'),
        between(tasks.completedOn, start, end),
      ),
    )
    .groupBy(tasks.completedOn);
}
