import { and, between, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { tasks, users } from '../../db/schema';
import {
  findLiveSessionByHash,
  IS_LIVE_SESSION,
  preparedPerDatabase,
  selectWithLiveSession,
} from '../auth/auth-sessions.repository';

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

/** The local date (YYYY-MM-DD) of a placeholder instant in ms, in the session user's time zone. */
function localDateOf(millis: string) {
  return sql`(to_timestamp(${sql.placeholder(millis)}::float8 / 1000) at time zone ${users.timeZone})::date`;
}

/**
 * GET /history's week in one statement (decision 048): the live session, its user's row, and the
 * points per local day between the local dates of the instants `startMs` and `endMs` (the dates
 * answered too, for the app to check they are the ones it computes).
 */
const pointsReadOf = preparedPerDatabase((db: Executor) => {
  const start = localDateOf('startMs');
  const end = localDateOf('endMs');
  return selectWithLiveSession(db, {
    start: sql<string>`to_char(${start}, 'YYYY-MM-DD')`,
    end: sql<string>`to_char(${end}, 'YYYY-MM-DD')`,
    sums: sql<DayPoints[]>`(
          select coalesce(json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'points', d.points)), '[]'::json)
          from (
            select ${tasks.completedOn} as day, coalesce(sum(${tasks.points}), 0)::int as points
            from ${tasks}
            where ${tasks.userId} = ${users.id} and ${tasks.status} = 'Completed'
              and ${tasks.completedOn} between ${start} and ${end}
            group by ${tasks.completedOn}
          ) d
        )`,
  })
    .where(IS_LIVE_SESSION)
    .limit(1)
    .prepare('session_history_read');
});

/** The last instant whose local date still has four digits of year anywhere on Earth. */
const LAST_FOUR_DIGIT_MS = 253_402_250_399_999;

/** A raw query value that is a whole number of ms the statement can read with, else undefined. */
function millisOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return undefined;
  const millis = Number(value);
  return millis <= LAST_FOUR_DIGIT_MS ? millis : undefined;
}

/**
 * The live session of a token hash at `now`, with the points of the days the request's raw
 * startDate and endDate span; the plain lookup when they are not a range the statement can read.
 */
export async function findSessionWithDailyPoints(
  db: Executor,
  tokenHash: string,
  now: Date,
  request: FastifyRequest,
) {
  const query = request.query as { startDate?: unknown; endDate?: unknown };
  const startMs = millisOf(query.startDate);
  const endMs = millisOf(query.endDate);
  if (startMs === undefined || endMs === undefined || startMs > endMs) {
    return findLiveSessionByHash(db, tokenHash, now);
  }
  const [row] = await pointsReadOf(db).execute({
    tokenHash,
    now: now.toISOString(),
    startMs,
    endMs,
  });
  return row;
}
