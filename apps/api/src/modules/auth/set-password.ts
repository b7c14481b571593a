import { AppError, type SetPasswordBody } from '@wellspring/shared';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/app/context';
import { findSessionStart } from './auth-sessions.repository';
import { hasCredential, insertFirstCredential } from './auth.repository';
import { hashPassword } from './password';

/**
 * How recent the session must be to set a first password. A password opens the account without
 * Google from then on, so a session token found on a shared computer must not be enough.
 */
export const SET_PASSWORD_FRESH_MS = 15 * 60_000;

/** Whether the caller's account has a Wellspring password. */
export async function hasPassword(db: Database, auth: AuthContext): Promise<boolean> {
  return hasCredential(db, auth.userId);
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
  const session = await findSessionStart(db, auth.userId, auth.sessionId);
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
    const isInserted = await insertFirstCredential(db, {
      userId: auth.userId,
      email: session.email,
      passwordHash,
      updatedAt: now,
    });
    if (!isInserted) {
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
