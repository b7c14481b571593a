import { AppError, type AuthAnswer, type LoginBody, type RegisterBody } from '@wellspring/shared';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { toLocalDate } from '../../lib/local-date';
import { createUserAccount } from '../user/create-user';
import { findUser, updateUserReturning } from '../user/user.repository';
import { getUserView } from '../user/user.service';
import { findCredentialByEmail, insertCredential } from './auth.repository';
import { hashPassword, verifyPassword } from './password';
import { createSession, type SessionPolicy } from './session-store';

interface SignInContext {
  now: Date;
  policy: SessionPolicy;
  userAgent?: string | undefined;
  /** EMAIL_VERIFICATION: false when the server does not verify emails. */
  emailVerification?: boolean;
  /** PUBLIC_URL: the URLs in userData are absolute, on it. */
  publicUrl: string;
}

/** The answer of every sign-in: a new session's token and the user. */
export async function signInAnswer(
  db: Database,
  user: { id: string; timeZone: string },
  ctx: SignInContext,
): Promise<AuthAnswer> {
  const token = await createSession(db, user.id, ctx.now, ctx.policy, ctx.userAgent);
  const userData = await getUserView(
    db,
    {
      userId: user.id,
      sessionId: '',
      timeZone: user.timeZone,
      today: toLocalDate(ctx.now, user.timeZone),
    },
    { emailVerification: ctx.emailVerification ?? true, publicUrl: ctx.publicUrl },
  );
  return { status: 'success', token, userData };
}

/** Creates a password account and signs it in. */
export async function register(
  db: Database,
  body: RegisterBody,
  ctx: SignInContext,
): Promise<AuthAnswer> {
  const passwordHash = await hashPassword(body.password);
  try {
    const user = await db.transaction(async (tx) => {
      const created = await createUserAccount(
        tx,
        { name: body.name, email: body.email, timeZone: body.timeZone },
        ctx.now,
      );
      await insertCredential(tx, {
        userId: created.id,
        email: body.email,
        passwordHash,
        updatedAt: ctx.now,
      });
      return created;
    });
    return await signInAnswer(db, user, ctx);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
    }
    throw error;
  }
}

const INVALID_CREDENTIALS = 'Incorrect email or password';

/** Signs in with email and password; a wrong email and a wrong password get the same answer. */
export async function login(
  db: Database,
  body: LoginBody,
  ctx: SignInContext,
): Promise<AuthAnswer> {
  const row = await findCredentialByEmail(db, body.email);
  const valid = await verifyPassword(row?.hash, body.password);
  if (!row || !valid) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  const user = body.timeZone
    ? await updateUserReturning(db, row.userId, { timeZone: body.timeZone })
    : await findUser(db, row.userId);
  if (!user) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  return signInAnswer(db, user, ctx);
}
