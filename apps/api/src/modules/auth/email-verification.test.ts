import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, race, type TestContext } from '../../../test/app';
import { buildUser } from '../../../test/factories';
import { linkToken } from '../../../test/smtp';
import { emailTokens } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { LINK_MIN_INTERVAL_MS, LINKS_PER_HOUR } from './email-links.service';
import {
  API,
  PUBLIC_URL,
  HOUR_MS,
  newEmail,
  register,
  getUser,
  verify,
  resend,
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

  describe('verifying the email of a new password account', () => {
    it('sends a link on registration that verifies the account once', async () => {
      const email = newEmail('verify');
      const answer = await register(ctx, email);
      // The account works at once, unverified.
      expect(answer.userData.emailVerified).toBe(false);
      const mail = await smtp.waitForMail(email);
      expect(mail.decoded).toContain('Subject: Please confirm your email for Wellspring');
      expect(mail.decoded).toContain('From: Wellspring <hello@wellspring.example.test>');
      expect(mail.decoded).toContain('Content-Type: text/plain');
      expect(mail.decoded).toContain('Content-Type: text/html');
      expect(mail.decoded).toContain('Hi Robin Reader,');
      expect(mail.decoded).toContain(`${PUBLIC_URL}/verify-email#token=`);
      const token = linkToken(mail, '/verify-email');

      // Only the token's hash is stored, with a 24-hour expiry.
      const [row] = await ctx.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.tokenHash, hashToken(token)));
      expect(row).toMatchObject({ userId: answer.userData.id, purpose: 'verify', email });
      expect(row!.expiresAt.getTime() - ctx.clock.now().getTime()).toBe(24 * HOUR_MS);
      const stored = JSON.stringify(await ctx.db.select().from(emailTokens));
      expect(stored).not.toContain(token);

      const first = await verify(ctx, token);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ status: 'success', data: { emailVerified: true } });
      expect((await getUser(ctx, answer)).json().data.emailVerified).toBe(true);

      // Single use: the same link again is refused.
      const again = await verify(ctx, token, '/v1');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ status: 'fail', code: 'LINK_INVALID' });
    });

    it('refuses a wrong, malformed or missing token and changes nothing', async () => {
      const email = newEmail('wrong');
      const answer = await register(ctx, email);
      const real = linkToken(await smtp.waitForMail(email), '/verify-email');
      const flipped = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
      for (const token of [flipped, 'A'.repeat(43), 'short', `${real}=`]) {
        const res = await verify(ctx, token);
        expect(res.statusCode, token).toBe(400);
        expect(res.json().code).toBe('LINK_INVALID');
      }
      for (const body of [{}, { token: '' }, { token: 7 }, { token: real, extra: 1 }]) {
        const res = await call(ctx.app, 'POST', `${API}/auth/verify-email`, { body });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      expect((await getUser(ctx, answer)).json().data.emailVerified).toBe(false);
      // The real link still works after all that.
      expect((await verify(ctx, real)).statusCode).toBe(200);
    });

    it('refuses a link after 24 hours (and takes one just before)', async () => {
      const late = newEmail('late');
      const lateAnswer = await register(ctx, late);
      const lateToken = linkToken(await smtp.waitForMail(late), '/verify-email');
      const onTime = newEmail('ontime');
      const onTimeAnswer = await register(ctx, onTime);
      const onTimeToken = linkToken(await smtp.waitForMail(onTime), '/verify-email');

      ctx.clock.advance(24 * HOUR_MS - 1000);
      expect((await verify(ctx, onTimeToken)).statusCode).toBe(200);
      ctx.clock.advance(2000);
      const res = await verify(ctx, lateToken);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('LINK_INVALID');
      expect((await getUser(ctx, lateAnswer)).json().data.emailVerified).toBe(false);
      expect((await getUser(ctx, onTimeAnswer)).json().data.emailVerified).toBe(true);
    });

    it('lets exactly one of two requests at once use a link', async () => {
      const email = newEmail('race');
      await register(ctx, email);
      const token = linkToken(await smtp.waitForMail(email), '/verify-email');
      const answers = await race(6, () => verify(ctx, token));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    });

    it('resends the link when asked, at most once a minute and five times an hour', async () => {
      const email = newEmail('resend');
      const answer = await register(ctx, email);
      await smtp.waitForMail(email);
      // The registration's link went out a moment ago.
      const tooSoon = await resend(ctx, answer.token);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(tooSoon.json().message).toMatch(/a moment ago/);

      for (let n = 2; n <= LINKS_PER_HOUR; n += 1) {
        ctx.clock.advance(LINK_MIN_INTERVAL_MS + 1000);
        const res = await resend(ctx, answer.token);
        expect(res.statusCode, `link ${n}: ${res.body}`).toBe(202);
        expect(res.json()).toEqual({ status: 'success', data: null });
        await smtp.waitForMail(email, n);
      }
      ctx.clock.advance(LINK_MIN_INTERVAL_MS + 1000);
      expect((await resend(ctx, answer.token)).statusCode, 'a sixth within the hour').toBe(429);
      await ctx.app.mailer.flush();
      expect(smtp.mailsTo(email)).toHaveLength(LINKS_PER_HOUR);

      // Every link sent works, until one is used: the others then have nothing left to do.
      const latest = linkToken(smtp.mailsTo(email).at(-1)!, '/verify-email');
      const first = linkToken(smtp.mailsTo(email)[0]!, '/verify-email');
      expect((await verify(ctx, latest)).statusCode).toBe(200);
      expect((await verify(ctx, first)).statusCode).toBe(400);
      // Once verified, there is nothing to resend.
      ctx.clock.advance(HOUR_MS);
      const done = await resend(ctx, answer.token);
      expect(done.statusCode).toBe(409);
      expect(done.json().code).toBe('EMAIL_ALREADY_VERIFIED');
    });

    it('verifies an account made by a provider that did not vouch for the email, too', async () => {
      // The test factory's users have no password and no proof of their email.
      const user = await buildUser(ctx, { email: newEmail('provider') });
      const res = await resend(ctx, user.token);
      expect(res.statusCode, res.body).toBe(202);
      const token = linkToken(await smtp.waitForMail(user.email), '/verify-email');
      expect((await verify(ctx, token)).statusCode).toBe(200);
      const shown = await call(ctx.app, 'GET', `${API}/user?id=${user.id}`, { token: user.token });
      expect(shown.json().data.emailVerified).toBe(true);
      ctx.clock.advance(LINK_MIN_INTERVAL_MS + 1000);
      expect((await resend(ctx, user.token)).json().code).toBe('EMAIL_ALREADY_VERIFIED');
    });

    it('needs a session to resend', async () => {
      const anonymous = await call(ctx.app, 'POST', `${API}/auth/verify-email/resend`);
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
