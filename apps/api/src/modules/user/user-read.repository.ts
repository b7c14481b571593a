import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { backgrounds, sessions, users } from '../../db/schema';
import {
  IS_LIVE_SESSION,
  LIVE_SESSION_FIELDS,
  preparedPerDatabase,
  SESSION_USER_DATE,
  SESSION_USER_TODAY,
} from '../auth/auth-sessions.repository';
import { streakOf } from '../diary/diary.repository';

/**
 * GET /user's one statement (decision 048): the live session, its user's row and background, and
 * the user's diary streak on their local day, in one prepared round trip.
 */
const userReadOf = preparedPerDatabase((db: Executor) =>
  db
    .select({
      ...LIVE_SESSION_FIELDS,
      today: SESSION_USER_TODAY,
      read: { diaryStreak: sql`(${streakOf(users.id, SESSION_USER_DATE)})`.mapWith(Number) },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(backgrounds, eq(backgrounds.id, users.selectedBackgroundId))
    .where(IS_LIVE_SESSION)
    .limit(1)
    .prepare('session_user_read'),
);

/** The live session of a token hash at `now`, with the user's streak on their local day. */
export async function findSessionWithUserRead(db: Executor, tokenHash: string, now: Date) {
  const [row] = await userReadOf(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}
