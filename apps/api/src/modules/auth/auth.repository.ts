import { and, count, eq, gt, isNull, max } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import {
  emailTokens,
  identities,
  oidcStates,
  passwordCredentials,
  users,
  type EmailTokenPurpose,
} from '../../db/schema';

export type { EmailTokenPurpose } from '../../db/schema';
export type NewEmailTokenRow = typeof emailTokens.$inferInsert;
export type NewOidcStateRow = typeof oidcStates.$inferInsert;

// ---- Password credentials -----------------------------------------------------------------

/** The user id and password hash that sign in with this email, or undefined. */
export async function findCredentialByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ userId: passwordCredentials.userId, hash: passwordCredentials.passwordHash })
    .from(passwordCredentials)
    .where(eq(passwordCredentials.email, email))
    .limit(1);
  return row;
}

/** The user's password hash, or undefined for an account without a password. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select()
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, userId));
  return row?.passwordHash;
}

export async function hasCredential(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordCredentials.userId })
    .from(passwordCredentials)
    .where(eq(passwordCredentials.userId, userId));
  return row !== undefined;
}

export async function insertCredential(
  db: Executor,
  values: { userId: string; email: string; passwordHash: string; updatedAt: Date },
): Promise<void> {
  await db.insert(passwordCredentials).values(values);
}

/** Gives the user a password unless they have one: answers false when they had. */
export async function insertFirstCredential(
  db: Executor,
  values: { userId: string; email: string; passwordHash: string; updatedAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(passwordCredentials)
    .values(values)
    .onConflictDoNothing({ target: passwordCredentials.userId })
    .returning({ userId: passwordCredentials.userId });
  return inserted.length > 0;
}

export async function updatePasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(passwordCredentials)
    .set({ passwordHash, updatedAt: now })
    .where(eq(passwordCredentials.userId, userId));
}

/** Sets the password of the user's account if it still signs in with `email`; answers whether. */
export async function updatePasswordHashOfEmail(
  tx: Transaction,
  userId: string,
  email: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const changed = await tx
    .update(passwordCredentials)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(passwordCredentials.userId, userId), eq(passwordCredentials.email, email)))
    .returning({ userId: passwordCredentials.userId });
  return changed.length > 0;
}

/** The password account that signs in with an email: its user, email and name. */
export async function findPasswordAccount(db: Executor, email: string) {
  const [row] = await db
    .select({
      userId: passwordCredentials.userId,
      email: passwordCredentials.email,
      name: users.name,
    })
    .from(passwordCredentials)
    .innerJoin(users, eq(users.id, passwordCredentials.userId))
    .where(eq(passwordCredentials.email, email))
    .limit(1);
  return row;
}

/** The password account of an email with its verification mark, for linking an identity. */
export async function findPasswordAccountVerification(db: Executor, email: string) {
  const [row] = await db
    .select({ userId: passwordCredentials.userId, emailVerifiedAt: users.emailVerifiedAt })
    .from(passwordCredentials)
    .innerJoin(users, eq(users.id, passwordCredentials.userId))
    .where(eq(passwordCredentials.email, email));
  return row;
}

/** Marks the user's email verified at `now`, if it still is `email` (any email when absent). */
export async function markEmailVerified(
  tx: Transaction,
  userId: string,
  now: Date,
  email?: string,
): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(
      and(
        eq(users.id, userId),
        email === undefined ? undefined : eq(users.email, email),
        isNull(users.emailVerifiedAt),
      ),
    );
}

// ---- Email links --------------------------------------------------------------------------

/** How many links of a kind the user got since `since`, and when the last one was made. */
export async function countRecentLinks(
  tx: Transaction,
  userId: string,
  purpose: EmailTokenPurpose,
  since: Date,
): Promise<{ n: number; last: Date | null }> {
  const [row] = await tx
    .select({ n: count(), last: max(emailTokens.createdAt) })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, purpose),
        gt(emailTokens.createdAt, since),
      ),
    );
  return {
    n: Number(row?.n ?? 0),
    last: row?.last ? new Date(row.last) : null,
  };
}

export async function insertEmailToken(tx: Transaction, values: NewEmailTokenRow): Promise<void> {
  await tx.insert(emailTokens).values(values);
}

/** Takes (deletes and answers) the live link of a kind with this token hash, or undefined. */
export async function takeEmailToken(
  tx: Transaction,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
) {
  const [row] = await tx
    .delete(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Deletes every link of a kind of the user's. */
export async function deleteEmailTokens(
  tx: Transaction,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await tx
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
}

// ---- Sign-in providers (OpenID Connect) ---------------------------------------------------

export async function insertOidcState(db: Executor, values: NewOidcStateRow): Promise<void> {
  await db.insert(oidcStates).values(values);
}

/** Takes (deletes and answers) the live sign-in state of this state and browser binding. */
export async function takeOidcState(
  db: Executor,
  stateHash: string,
  bindingHash: string,
  now: Date,
) {
  const [row] = await db
    .delete(oidcStates)
    .where(
      and(
        eq(oidcStates.stateHash, stateHash),
        eq(oidcStates.bindingHash, bindingHash),
        gt(oidcStates.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The user an identity of a provider is linked to, or undefined. */
export async function findIdentityUserId(
  db: Executor,
  issuer: string,
  subject: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: identities.userId })
    .from(identities)
    .where(and(eq(identities.issuer, issuer), eq(identities.subject, subject)));
  return row?.userId;
}

/** Links an identity to a user; answers false when the identity was linked meanwhile. */
export async function insertIdentity(
  tx: Transaction,
  values: { userId: string; issuer: string; subject: string; email: string; createdAt: Date },
): Promise<boolean> {
  const linked = await tx
    .insert(identities)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: identities.id });
  return linked.length > 0;
}
