import type { Transaction } from '../../db/client';
import { DEFAULT_BACKGROUND_SLUG } from '../../db/seed';
import { toLocalDate } from '../../lib/local-date';
import { findBackgroundIdBySlug, grantBackground } from '../background/background.repository';
import { insertUser, type UserRow } from './user.repository';

export interface NewAccount {
  name: string;
  email: string;
  pictureUrl?: string | null;
  timeZone?: string | undefined;
  /** Set for an account made by a sign-in provider that verified the email. */
  emailVerifiedAt?: Date | null;
}

/** Creates a user with mood Unknown and the default tier I background owned and selected. */
export async function createUserAccount(
  tx: Transaction,
  account: NewAccount,
  now: Date,
): Promise<UserRow> {
  const timeZone = account.timeZone ?? 'UTC';
  const defaultBackgroundId = await findBackgroundIdBySlug(tx, DEFAULT_BACKGROUND_SLUG);
  const user = await insertUser(tx, {
    name: account.name,
    email: account.email,
    pictureUrl: account.pictureUrl ?? null,
    timeZone,
    emailVerifiedAt: account.emailVerifiedAt ?? null,
    selectedBackgroundId: defaultBackgroundId ?? null,
    lastActiveDate: toLocalDate(now, timeZone),
    createdAt: now,
  });
  if (defaultBackgroundId) await grantBackground(tx, user.id, defaultBackgroundId, now);
  return user;
}
