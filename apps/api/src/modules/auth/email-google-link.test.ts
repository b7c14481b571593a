import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestContext } from '../../../test/app';
import { buildUser } from '../../../test/factories';
import { linkToken } from '../../../test/smtp';
import { identities, passwordCredentials, users } from '../../db/schema';
import { findOrCreateIdentityUser, GOOGLE_ISSUER } from './oidc/oidc.service';
import {
  newEmail,
  register,
  verify,
  useMailingApp,
  type MailServer,
} from './email-links.test-helpers';

describe('email verification and password reset, with mail through a real SMTP server', () => {
  const mailing = useMailingApp();
  let smtp: MailServer;
  let ctx: TestContext;
  beforeAll(() => {
    ({ smtp, ctx } = mailing);
  });

  describe('linking a Google identity by email', () => {
    const claims = (email: string, subject: string) => ({
      issuer: GOOGLE_ISSUER,
      subject,
      email,
      emailVerified: true,
      name: 'Gabi Google',
      pictureUrl: null,
      timeZone: null,
    });

    it('refuses to link an unverified password account, creating nothing', async () => {
      const email = newEmail('victim');
      // Someone registered this address without owning it.
      const squatter = await register(ctx, email);
      const users0 = (await ctx.db.select({ id: users.id }).from(users)).length;
      const attempt = ctx.db.transaction((tx) =>
        findOrCreateIdentityUser(tx, claims(email, `sub-${email}`), {
          now: ctx.clock.now(),
          emailVerification: true,
        }),
      );
      await expect(attempt).rejects.toMatchObject({
        code: 'ACCOUNT_NOT_VERIFIED',
        statusCode: 409,
        message: expect.stringMatching(/not verified yet.*Forgot password/),
      });
      expect((await ctx.db.select({ id: users.id }).from(users)).length).toBe(users0);
      const linked = await ctx.db
        .select()
        .from(identities)
        .where(eq(identities.userId, squatter.userData.id));
      expect(linked).toEqual([]);
    });

    it('links a verified password account', async () => {
      const email = newEmail('owner');
      const owner = await register(ctx, email);
      expect(
        (await verify(ctx, linkToken(await smtp.waitForMail(email), '/verify-email'))).statusCode,
      ).toBe(200);
      const user = await ctx.db.transaction((tx) =>
        findOrCreateIdentityUser(tx, claims(email, `sub-${email}`), {
          now: ctx.clock.now(),
          emailVerification: true,
        }),
      );
      expect(user.id).toBe(owner.userData.id);
      const linked = await ctx.db
        .select()
        .from(identities)
        .where(and(eq(identities.userId, owner.userData.id), eq(identities.issuer, GOOGLE_ISSUER)));
      expect(linked).toHaveLength(1);
    });

    it('never links a provider account that set a password without proving its email', async () => {
      // An account made by a provider that did not verify the address, which then set a password
      // (PUT /auth/password), is an unverified password account like any other.
      const email = newEmail('unvouched-password');
      const squatter = await buildUser(ctx, { email });
      await ctx.db.insert(passwordCredentials).values({
        userId: squatter.id,
        email,
        passwordHash: 'not a real hash',
        updatedAt: ctx.clock.now(),
      });
      const attempt = ctx.db.transaction((tx) =>
        findOrCreateIdentityUser(tx, claims(email, `sub-${email}`), {
          now: ctx.clock.now(),
          emailVerification: true,
        }),
      );
      await expect(attempt).rejects.toMatchObject({ code: 'ACCOUNT_NOT_VERIFIED' });
    });

    it('never links while verification is off, even a verified account', async () => {
      const email = newEmail('off');
      await register(ctx, email);
      await verify(ctx, linkToken(await smtp.waitForMail(email), '/verify-email'));
      const attempt = ctx.db.transaction((tx) =>
        findOrCreateIdentityUser(tx, claims(email, `sub-${email}`), {
          now: ctx.clock.now(),
          emailVerification: false,
        }),
      );
      await expect(attempt).rejects.toMatchObject({ code: 'ACCOUNT_NOT_VERIFIED' });
    });

    it('makes a new account, verified only when the provider verified the email', async () => {
      const unverified = newEmail('unvouched');
      const plain = await ctx.db.transaction((tx) =>
        findOrCreateIdentityUser(
          tx,
          { ...claims(unverified, `sub-${unverified}`), emailVerified: false },
          { now: ctx.clock.now(), emailVerification: true },
        ),
      );
      expect(plain.emailVerifiedAt).toBeNull();
      const email = newEmail('fresh');
      const user = await ctx.db.transaction((tx) =>
        findOrCreateIdentityUser(tx, claims(email, `sub-${email}`), {
          now: ctx.clock.now(),
          emailVerification: true,
        }),
      );
      expect(user.emailVerifiedAt).toEqual(ctx.clock.now());
      const [credential] = await ctx.db
        .select()
        .from(passwordCredentials)
        .where(eq(passwordCredentials.userId, user.id));
      expect(credential).toBeUndefined();
    });
  });
});
