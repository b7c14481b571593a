import { AppError } from '@wellspring/shared';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/app/context';
import { deleteUser, lockUserEmail } from '../user/user.repository';

/** The form in which two spellings of one email compare equal. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Deletes the caller's account and everything in it, once they have typed its email. Every table
 * holding a user's rows cascades on users.id, so one delete takes them all, sessions included:
 * every token of the account stops working at once.
 */
export async function deleteAccount(
  db: Database,
  auth: AuthContext,
  confirmationEmail: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const email = await lockUserEmail(tx, auth.userId);
    if (email === undefined) throw new AppError('NOT_FOUND', 'No such user');
    if (normalizeEmail(email) !== normalizeEmail(confirmationEmail)) {
      throw new AppError('CONFIRMATION_MISMATCH', 'The email does not match this account');
    }
    await deleteUser(tx, auth.userId);
  });
}
