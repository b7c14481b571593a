import { AppError, type Session } from '@wellspring/shared';
import type { Database, Executor } from '../../db/client';
import { isUuid } from '../../lib/ids';
import type { AuthContext } from '../../plugins/app/context';
import {
  deleteSessionsOfUser,
  deleteUserSession,
  listLiveSessions,
} from './auth-sessions.repository';
import { presentSession } from './auth-sessions.presenter';

/** The caller's live sessions, most recently used first. */
export async function listSessions(db: Database, auth: AuthContext, now: Date): Promise<Session[]> {
  const rows = await listLiveSessions(db, auth.userId, now);
  return rows.map((row) => presentSession(row, auth.sessionId));
}

/** Ends one of the caller's sessions; another user's is a 404. */
export async function endSession(
  db: Database,
  auth: AuthContext,
  sessionId: string,
): Promise<void> {
  if (!isUuid(sessionId)) throw new AppError('NOT_FOUND', 'No such session');
  if (!(await deleteUserSession(db, auth.userId, sessionId)))
    throw new AppError('NOT_FOUND', 'No such session');
}

/**
 * The one place sessions of a user end, but the one in use: "End every session but this one", a
 * password change (the caller's session stays) and a password reset (no session is in use, so
 * `currentSessionId` is null and every session ends). Answers how many ended.
 */
export async function endOtherSessions(
  db: Executor,
  userId: string,
  currentSessionId: string | null,
): Promise<number> {
  return deleteSessionsOfUser(db, userId, currentSessionId);
}
