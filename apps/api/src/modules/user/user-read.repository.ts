import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import {
  IS_LIVE_SESSION,
  preparedPerDatabase,
  selectWithLiveSession,
  SESSION_USER_DATE,
} from '../auth/auth-sessions.repository';
import { streakOf } from '../diary/diary.repository';

/**
 * GET /user's one statement (decision 048): the live session, its user's row and background, and
 * the user's diary streak on their local day, in one prepared round trip.
 */
const userReadOf = preparedPerDatabase((db: Executor) =>
  selectWithLiveSession(db, {
    diaryStreak: sql`(${streakOf(users.id, SESSION_USER_DATE)})`.mapWith(Number),
  })
    .where(IS_LIVE_SESSION)
    .limit(1)
    .prepare('session_user_read'),
);

/** The live session of a token hash at `now`, with the user's streak on their local day. */
export async function findSessionWithUserRead(db: Executor, tokenHash: string, now: Date) {
  const [row] = await userReadOf(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}
