import { AppError, type ChangePasswordBody, type Session } from '@wellspring/shared';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordCredentials, sessions } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import type { AuthContext } from '../../plugins/app/context';
import { describeDevice } from './device';
import { hashPassword, verifyPassword } from './password';

/** The caller's live sessions, most recently used first. */
export async function listSessions(db: Database, auth: AuthContext, now: Date): Promise<Session[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, auth.userId),
        gt(sessions.expiresAt, now),
        gt(sessions.idleExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((s) => ({
    id: s.id,
    device: describeDevice(s.userAgent),
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    current: s.id === auth.sessionId,
  }));
}

/** Ends one of the caller's sessions; another user's is a 404. */
export async function endSession(
  db: Database,
  auth: AuthContext,
  sessionId: string,
): Promise<void> {
  if (!isUuid(sessionId)) throw new AppError('NOT_FOUND', 'No such session');
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, auth.userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND', 'No such session');
}

/** Ends every session of the caller's but this one. */
export async function endOtherSessions(db: Database, auth: AuthContext): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, auth.userId), ne(sessions.id, auth.sessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Changes the password of a password account, given the current one, and ends every other
 * session of the user unless asked to keep them; the calling session stays. Answers how many ended.
 */
export async function changePassword(
  db: Database,
  auth: AuthContext,
  body: ChangePasswordBody,
  now: Date,
): Promise<number> {
  const [credential] = await db
    .select()
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, auth.userId));
  if (!credential)
    throw new AppError('NO_PASSWORD', 'This account signs in with Google and has no password');
  if (!(await verifyPassword(credential.passwordHash, body.currentPassword))) {
    throw new AppError('INVALID_CREDENTIALS', 'The current password is not right');
  }
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(passwordCredentials)
      .set({ passwordHash, updatedAt: now })
      .where(eq(passwordCredentials.userId, auth.userId));
    if (body.keepOtherSessions) return 0;
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, auth.userId), ne(sessions.id, auth.sessionId)))
      .returning({ id: sessions.id });
    return ended.length;
  });
}
