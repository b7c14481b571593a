import { AppError, type ResetPasswordBody } from '@wellspring/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../../lib/mail/mailer';
import { passwordResetMail, verificationMail } from '../../lib/mail/messages';
import { generateToken, hashToken, isWellFormedToken } from '../../lib/tokens';
import { findUserContact, lockUser } from '../user/user.repository';
import {
  countRecentLinks,
  deleteEmailTokens,
  findPasswordAccount,
  insertEmailToken,
  markEmailVerified,
  takeEmailToken,
  updatePasswordHashOfEmail,
  type EmailTokenPurpose,
} from './auth.repository';
import { hashPassword } from './password';
import { endOtherSessions } from './session-management';

const HOUR_MS = 60 * 60_000;

/** How long a link works: a verification a day, a reset an hour. */
export const LINK_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify: 24 * HOUR_MS,
  reset: HOUR_MS,
};

/** Per account and kind: one new link a minute at most, and five an hour. */
export const LINK_MIN_INTERVAL_MS = 60_000;
export const LINKS_PER_HOUR = 5;

/** The web pages the links open; the token rides in the fragment, which no server or log sees. */
export const LINK_PAGES: Record<EmailTokenPurpose, string> = {
  verify: '/verify-email',
  reset: '/reset-password',
};

/** What the link services need of the app. */
export interface LinkContext {
  db: Database;
  now: Date;
  mailer: Mailer;
  publicUrl: string;
  /** EMAIL_VERIFICATION: false when the operator turned verification off. */
  verification: boolean;
  /** The request's logger: the mail's log lines carry its request id. */
  log?: FastifyBaseLogger;
}

const LINK_INVALID = 'This link has expired or has already been used. Please ask for a new one.';

function linkInvalid(): AppError {
  return new AppError('LINK_INVALID', LINK_INVALID);
}

function verificationOff(): AppError {
  return new AppError(
    'EMAIL_VERIFICATION_OFF',
    'This Wellspring server does not verify email addresses',
  );
}

export function linkUrl(publicUrl: string, purpose: EmailTokenPurpose, token: string): string {
  return `${publicUrl}${LINK_PAGES[purpose]}#token=${token}`;
}

/**
 * Makes a new link of a kind for an account, unless the account had one a moment ago or too many
 * this hour: then null. The account's row is locked while counting, so two requests at once do
 * not both slip under the limit.
 */
export async function issueLinkToken(
  db: Database,
  account: { userId: string; email: string },
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockUser(tx, account.userId);
    const recent = await countRecentLinks(
      tx,
      account.userId,
      purpose,
      new Date(now.getTime() - HOUR_MS),
    );
    const last = recent.last ? recent.last.getTime() : -Infinity;
    if (recent.n >= LINKS_PER_HOUR || now.getTime() - last < LINK_MIN_INTERVAL_MS) {
      return null;
    }
    const token = generateToken();
    await insertEmailToken(tx, {
      tokenHash: hashToken(token),
      userId: account.userId,
      purpose,
      email: account.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_TTL_MS[purpose]),
    });
    return token;
  });
}

/**
 * Sends a verification link to an account's email, in the background. Answers false when the
 * per-account limit held it back. Registration calls it for every new account.
 */
export async function sendVerificationLink(
  ctx: LinkContext,
  account: { userId: string; email: string; name: string },
): Promise<boolean> {
  if (!ctx.verification) return false;
  const token = await issueLinkToken(ctx.db, account, 'verify', ctx.now);
  if (!token) return false;
  ctx.mailer.dispatch(
    verificationMail(account.email, account.name, linkUrl(ctx.publicUrl, 'verify', token)),
    ctx.log,
  );
  return true;
}

/**
 * The signed-in user asks for the verification link again: any account whose email is not proved
 * yet (a password account, or one made by a provider that did not verify the address).
 */
export async function resendVerificationLink(ctx: LinkContext, userId: string): Promise<void> {
  if (!ctx.verification) throw verificationOff();
  const account = await findUserContact(ctx.db, userId);
  if (!account) throw new AppError('UNAUTHORIZED', 'Please sign in');
  if (account.emailVerifiedAt) {
    throw new AppError('EMAIL_ALREADY_VERIFIED', 'Your email is already verified');
  }
  if (!(await sendVerificationLink(ctx, { userId, ...account }))) {
    throw new AppError(
      'RATE_LIMITED',
      'We sent you a link a moment ago. Please check your inbox (and spam folder), or try again in a few minutes.',
    );
  }
}

/**
 * Follows a verification link: the token is taken once (deleted as it is read, so two requests at
 * once cannot both use it), and marks the account's email verified if it is still the address the
 * link was sent to (a password account signs in with that same address). Unknown, used and
 * expired tokens get one answer.
 */
export async function verifyEmail(ctx: LinkContext, token: string): Promise<void> {
  if (!ctx.verification) throw verificationOff();
  if (!isWellFormedToken(token)) throw linkInvalid();
  await ctx.db.transaction(async (tx) => {
    const link = await takeEmailToken(tx, hashToken(token), 'verify', ctx.now);
    if (!link) throw linkInvalid();
    const account = await findUserContact(tx, link.userId);
    if (!account || account.email !== link.email) throw linkInvalid();
    await markEmailVerified(tx, link.userId, ctx.now);
    // The other verification links of the account have nothing left to do.
    await deleteEmailTokens(tx, link.userId, 'verify');
  });
}

/**
 * "Forgot password?": sends a reset link when a password account has this email. The caller
 * answers the same whatever happens here, so the answer never tells whether the email has an
 * account; the mail itself goes out in the background.
 */
export async function requestPasswordReset(ctx: LinkContext, email: string): Promise<void> {
  const account = await findPasswordAccount(ctx.db, email);
  if (!account) return;
  const token = await issueLinkToken(ctx.db, account, 'reset', ctx.now);
  if (!token) return;
  ctx.mailer.dispatch(
    passwordResetMail(account.email, account.name, linkUrl(ctx.publicUrl, 'reset', token)),
    ctx.log,
  );
}

/**
 * Follows a reset link: takes the token once, sets the new password, ends every session of the
 * account and every other reset link. Following the link proves the email too, so a reset also
 * verifies it (while verification is on). Answers how many sessions ended.
 */
export async function resetPassword(ctx: LinkContext, body: ResetPasswordBody): Promise<number> {
  if (!isWellFormedToken(body.token)) throw linkInvalid();
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (tx) => {
    const link = await takeEmailToken(tx, hashToken(body.token), 'reset', ctx.now);
    if (!link) throw linkInvalid();
    const isChanged = await updatePasswordHashOfEmail(
      tx,
      link.userId,
      link.email,
      passwordHash,
      ctx.now,
    );
    if (!isChanged) throw linkInvalid();
    if (ctx.verification) await markEmailVerified(tx, link.userId, ctx.now, link.email);
    await deleteEmailTokens(tx, link.userId, 'reset');
    // No session is in use here: every session of the account ends.
    return endOtherSessions(tx, link.userId, null);
  });
}
