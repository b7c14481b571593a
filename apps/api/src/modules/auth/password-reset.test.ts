import type { AuthAnswer } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, race, type TestContext } from '../../../test/app';
import { buildUser } from '../../../test/factories';
import { linkToken } from '../../../test/smtp';
import { emailTokens, sessions } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { purgeExpired } from '../maintenance/purge-expired';
import { LINK_MIN_INTERVAL_MS, LINKS_PER_HOUR } from './email-links.service';
import {
  API,
  PUBLIC_URL,
  PASSWORD,
  HOUR_MS,
  newEmail,
  register,
  getUser,
  verify,
  forgot,
  reset,
  login,
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

  describe('"Forgot password?" and the reset link', () => {
    it('answers the same for an email with an account and one without, mailing only the first', async () => {
      const email = newEmail('forgot');
      const unknown = newEmail('nobody');
      await register(ctx, email);
      await smtp.waitForMail(email);
      const known = await forgot(ctx, email.toUpperCase());
      const stranger = await forgot(ctx, unknown);
      expect(known.statusCode).toBe(202);
      expect(stranger.statusCode).toBe(202);
      expect(known.body).toBe(stranger.body);
      expect(known.json()).toEqual({ status: 'success', data: null });
      for (const header of ['content-type', 'cache-control']) {
        expect(known.headers[header]).toEqual(stranger.headers[header]);
      }

      const mail = await smtp.waitForMail(email, 2);
      expect(mail.decoded).toContain('Subject: Reset your Wellspring password');
      expect(mail.decoded).toContain(`${PUBLIC_URL}/reset-password#token=`);
      await ctx.app.mailer.flush();
      expect(smtp.mailsTo(unknown)).toEqual([]);
      const [row] = await ctx.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, hashToken(linkToken(mail, '/reset-password'))));
      expect(row!.expiresAt.getTime() - ctx.clock.now().getTime()).toBe(HOUR_MS);
    });

    it('sends nothing for an account without a password', async () => {
      const user = await buildUser(ctx);
      expect((await forgot(ctx, user.email)).statusCode).toBe(202);
      await ctx.app.mailer.flush();
      expect(smtp.mailsTo(user.email)).toEqual([]);
    });

    it('sets the new password, ends every session, and verifies the email', async () => {
      const email = newEmail('reset');
      const answer = await register(ctx, email);
      await smtp.waitForMail(email);
      const second = (await login(ctx, email, PASSWORD)).json() as AuthAnswer;
      expect((await forgot(ctx, email)).statusCode).toBe(202);
      const token = linkToken(await smtp.waitForMail(email, 2), '/reset-password');

      const res = await reset(ctx, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: { revoked: 2 } });
      // Every session ended, the one that asked included.
      for (const session of [answer, second]) {
        expect((await getUser(ctx, session)).statusCode).toBe(401);
      }
      const left = await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, answer.userData.id));
      expect(left).toEqual([]);
      expect((await login(ctx, email, PASSWORD)).statusCode).toBe(401);
      const signedIn = await login(ctx, email, 'a brand new password');
      expect(signedIn.statusCode).toBe(200);
      // Following the link proved the address too.
      expect(signedIn.json().userData.emailVerified).toBe(true);

      // Single use.
      const again = await reset(ctx, token, 'yet another password');
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('LINK_INVALID');
      expect((await login(ctx, email, 'a brand new password')).statusCode).toBe(200);
    });

    it('refuses a reset link after one hour, and leaves the password as it was', async () => {
      const email = newEmail('expired-reset');
      await register(ctx, email);
      await smtp.waitForMail(email);
      await forgot(ctx, email);
      const token = linkToken(await smtp.waitForMail(email, 2), '/reset-password');
      ctx.clock.advance(HOUR_MS + 1000);
      const res = await reset(ctx, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('LINK_INVALID');
      expect((await login(ctx, email, PASSWORD)).statusCode).toBe(200);
    });

    it('takes a reset link once even when sent twice at once', async () => {
      const email = newEmail('reset-race');
      await register(ctx, email);
      await smtp.waitForMail(email);
      await forgot(ctx, email);
      const token = linkToken(await smtp.waitForMail(email, 2), '/reset-password');
      const answers = await race(4, (i) => reset(ctx, token, `new password number ${i}`));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    });

    it('refuses a verification link as a reset link, and the other way round', async () => {
      const email = newEmail('crossed');
      const answer = await register(ctx, email);
      const verifyToken = linkToken(await smtp.waitForMail(email), '/verify-email');
      await forgot(ctx, email);
      const resetToken = linkToken(await smtp.waitForMail(email, 2), '/reset-password');
      expect((await reset(ctx, verifyToken)).statusCode).toBe(400);
      expect((await verify(ctx, resetToken)).statusCode).toBe(400);
      expect((await getUser(ctx, answer)).json().data.emailVerified).toBe(false);
      expect((await login(ctx, email, PASSWORD)).statusCode).toBe(200);
    });

    it('checks the new password with the registration rules', async () => {
      const email = newEmail('rules');
      await register(ctx, email);
      await smtp.waitForMail(email);
      await forgot(ctx, email);
      const token = linkToken(await smtp.waitForMail(email, 2), '/reset-password');
      const short = await reset(ctx, token, 'short');
      expect(short.statusCode).toBe(400);
      expect(short.json().issues).toEqual([
        { path: 'body.password', message: 'Passwords are at least 8 characters' },
      ]);
      const mismatch = await call(ctx.app, 'POST', `${API}/auth/reset-password`, {
        body: { token, password: 'a fine password', confirmPassword: 'another one' },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().issues[0].message).toBe('Passwords do not match');
      // The refusals did not spend the link.
      expect((await reset(ctx, token)).statusCode).toBe(200);
    });

    it('sends at most five reset links an hour to one account, answering the same', async () => {
      const email = newEmail('flood');
      await register(ctx, email);
      await smtp.waitForMail(email);
      for (let i = 0; i < LINKS_PER_HOUR + 3; i += 1) {
        const res = await forgot(ctx, email);
        expect(res.statusCode).toBe(202);
        ctx.clock.advance(LINK_MIN_INTERVAL_MS / 2);
      }
      await ctx.app.mailer.flush();
      const resets = smtp.mailsTo(email).filter((m) => m.decoded.includes('/reset-password#'));
      // One a minute at most: 8 asks half a minute apart make 4 mails.
      expect(resets).toHaveLength(4);
    });
  });

  it('lets the scheduled purge delete lapsed links, and only those', async () => {
    const email = newEmail('purge');
    const answer = await register(ctx, email);
    await smtp.waitForMail(email);
    await forgot(ctx, email);
    await smtp.waitForMail(email, 2);
    const mine = () =>
      ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, answer.userData.id));
    expect(await mine()).toHaveLength(2);
    // Two hours on (and the purge's hour of grace): the reset link has lapsed, the other not.
    const later = new Date(ctx.clock.now().getTime() + 2 * HOUR_MS + 1000);
    const counts = await purgeExpired(ctx.db, later);
    expect(counts.emailTokens).toBeGreaterThanOrEqual(1);
    expect((await mine()).map((r) => r.purpose)).toEqual(['verify']);
  });
});
