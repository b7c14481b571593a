import { AppError, type SetPasswordBody } from '@wellspring/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordCredentials, sessions, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/app/context';
import { hashPassword } from './password';

/**
 * How recent the session must be to set a first password. A password opens the account without
 * Google from then on, so a session token found on a shared computer must not be enough.
 */
export const SET_PASSWORD_FRESH_MS = 15 * 60_000;

/** Whether the caller's account has a Wellspring password. */
export async function hasPassword(db: Database, auth: AuthContext): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordCredentials.userId })
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, auth.userId));
  return row !== undefined;
}

/**
 * Gives an account made by a sign-in provider its first password, under the account's email.
 * Only from a session opened in the last {@link SET_PASSWORD_FRESH_MS}; an account that has a
 * password changes it instead (409), also when two requests race.
 */
export async function setFirstPassword(
  db: Database,
  auth: AuthContext,
  body: SetPasswordBody,
  now: Date,
): Promise<void> {
  const [session] = await db
    .select({ createdAt: sessions.createdAt, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, auth.sessionId), eq(sessions.userId, auth.userId)));
  if (!session) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  if (now.getTime() - session.createdAt.getTime() > SET_PASSWORD_FRESH_MS) {
    throw new AppError(
      'REAUTH_REQUIRED',
      'For your safety, sign in again, then set your password within 15 minutes',
    );
  }
  if (await hasPassword(db, auth)) {
    throw new AppError('PASSWORD_EXISTS', 'This account already has a password: change it instead');
  }
  const passwordHash = await hashPassword(body.newPassword);
  try {
    const inserted = await db
      .insert(passwordCredentials)
      .values({ userId: auth.userId, email: session.email, passwordHash, updatedAt: now })
      .onConflictDoNothing({ target: passwordCredentials.userId })
      .returning({ userId: passwordCredentials.userId });
    if (inserted.length === 0) {
      throw new AppError(
        'PASSWORD_EXISTS',
        'This account already has a password: change it instead',
      );
    }
  } catch (error) {
    // Another account signs in with this email and a password.
    if (isUniqueViolation(error)) {
      throw new AppError(
        'EMAIL_TAKEN',
        'Another account already signs in with this email and a password',
      );
    }
    throw error;
  }
}
