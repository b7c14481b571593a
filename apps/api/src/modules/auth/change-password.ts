import { AppError, type ChangePasswordBody } from '@wellspring/shared';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/app/context';
import { findPasswordHash, updatePasswordHash } from './auth.repository';
import { hashPassword, verifyPassword } from './password';
import { endOtherSessions } from './session-management';

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
  const currentHash = await findPasswordHash(db, auth.userId);
  if (currentHash === undefined)
    throw new AppError('NO_PASSWORD', 'This account signs in with Google and has no password');
  if (!(await verifyPassword(currentHash, body.currentPassword))) {
    throw new AppError('INVALID_CREDENTIALS', 'The current password is not right');
  }
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    await updatePasswordHash(tx, auth.userId, passwordHash, now);
    if (body.keepOtherSessions) return 0;
    return endOtherSessions(tx, auth.userId, auth.sessionId);
  });
}
