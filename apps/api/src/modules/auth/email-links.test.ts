import type { AuthAnswer } from '@wellspring/shared';
import { and, eq } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, race, TEST_CIPHER, type TestContext } from '../../../test/app';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { buildUser } from '../../../test/factories';
import { linkToken, startSmtpServer } from '../../../test/smtp';
import { assertServerConfig, loadEnv } from '../../config/env';
import { emailTokens, identities, passwordCredentials, sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { purgeExpired } from '../maintenance/purge-expired';
import { LINK_MIN_INTERVAL_MS, LINKS_PER_HOUR } from './email-links.service';
import { findOrCreateIdentityUser, GOOGLE_ISSUER } from './oidc/oidc.service';

const API = '/api/v1';
const PUBLIC_URL = 'https://wellspring.example.test';
const PASSWORD = 'a long enough password';
const HOUR_MS = 60 * 60_000;

let counter = 0;
function newEmail(label: string) {
  counter += 1;
  return `${label}-${counter}-${Date.now().toString(36)}@example.test`;
}

async function register(ctx: TestContext, email: string, name = 'Robin Reader') {
  const res = await call(ctx.app, 'POST', `${API}/auth/register`, {
    body: { name, email, password: PASSWORD, confirmPassword: PASSWORD, terms: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AuthAnswer;
}

const getUser = (ctx: TestContext, answer: { token: string; userData: { id: string } }) =>
  call(ctx.app, 'GET', `${API}/user?id=${answer.userData.id}`, { token: answer.token });

const verify = (ctx: TestContext, token: unknown, prefix = API) =>
  call(ctx.app, 'POST', `${prefix}/auth/verify-email`, { body: { token } });

const resend = (ctx: TestContext, token: string) =>
  call(ctx.app, 'POST', `${API}/auth/verify-email/resend`, { token });

const forgot = (ctx: TestContext, email: string) =>
  call(ctx.app, 'POST', `${API}/auth/forgot-password`, { body: { email } });

const reset = (ctx: TestContext, token: string, password = 'a brand new password') =>
  call(ctx.app, 'POST', `${API}/auth/reset-password`, {
    body: { token, password, confirmPassword: password },
  });

const login = (ctx: TestContext, email: string, password: string) =>
  call(ctx.app, 'POST', `${API}/auth/login`, { body: { email, password } });

describe('email verification and password reset, with mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        MAIL_FROM: 'Wellspring <hello@wellspring.example.test>',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(() => ctx.clock.set('2026-03-10T12:00:00.000Z'));

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

describe('the outbox: no SMTP_URL outside production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL } });
  });
  afterAll(() => ctx.close());

  it('writes each mail as an .eml file only its owner can read, and logs the file, not the link', async () => {
    const email = newEmail('outbox');
    await register(ctx, email);
    await ctx.app.mailer.flush();
    expect(ctx.app.mailer.mode).toBe('outbox');
    const outbox = path.join(ctx.env.DATA_DIR, 'outbox');
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const file = path.join(outbox, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const raw = readFileSync(file, 'utf8');
    expect(raw).toMatch(/^To: .+$/m);
    const token = linkToken(
      { decoded: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') },
      '/verify-email',
    );

    const lines = ctx.logs.filter((l) => l.includes('mail written to the outbox'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).file).toBe(file);
    expect(ctx.logs.join('\n')).not.toContain(token);
    // The link in the file works, and following it puts no token in the log either.
    expect((await verify(ctx, token)).statusCode).toBe(200);
    expect(ctx.logs.join('\n')).not.toContain(token);
  });
});

describe('EMAIL_VERIFICATION and production', () => {
  it('refuses to start in production without SMTP_URL, naming it', async () => {
    const production = (extra: Record<string, string> = {}) =>
      assertServerConfig(loadEnv({ NODE_ENV: 'production', ...extra }));
    expect(() => production()).toThrow(/SMTP_URL: required in production/);
    expect(() => production({ SMTP_URL: 'smtp://mail.example.test:587' })).not.toThrow();
    expect(() => production({ EMAIL_VERIFICATION: 'off' })).not.toThrow();
    expect(() => assertServerConfig(loadEnv({ NODE_ENV: 'development' }))).not.toThrow();
    // The command-line tools (migrations, key rotation) read the same settings and send no mail.
    expect(() => loadEnv({ NODE_ENV: 'production' })).not.toThrow();
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example.test' })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ EMAIL_VERIFICATION: 'maybe' })).toThrow(/EMAIL_VERIFICATION/);
    // An app built in production without a mail server is refused, before it touches anything.
    const env = loadEnv({ NODE_ENV: 'production' });
    await expect(
      buildApp({ env, database: {} as DatabaseHandle, cipher: TEST_CIPHER }),
    ).rejects.toThrow(/SMTP_URL/);
  });

  it('stops the real server at start, with the message on standard error', () => {
    const require = createRequire(import.meta.url);
    const tsx = require.resolve('tsx/cli');
    const server = path.resolve(import.meta.dirname, '../../server.ts');
    const { status, stderr } = spawnSync(process.execPath, [tsx, server], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(status).toBe(1);
    expect(stderr).toMatch(/SMTP_URL: required in production/);
  });

  describe('with EMAIL_VERIFICATION=off', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({
        env: {
          NODE_ENV: 'production',
          EMAIL_VERIFICATION: 'off',
          OIDC_CLIENT_ID: 'client-id',
          OIDC_CLIENT_SECRET: 'client-secret',
        },
      });
    });
    afterAll(() => ctx.close());

    it('starts, and says so in one line of the log', () => {
      const lines = ctx.logs.filter((l) => l.includes('EMAIL_VERIFICATION=off'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!).msg).toMatch(/never linked to a Google identity/);
    });

    it('leaves password accounts unverified (shown as null) and sends no link', async () => {
      const email = newEmail('off');
      const answer = await register(ctx, email);
      expect(answer.userData.emailVerified).toBeNull();
      const rows = await ctx.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.userId, answer.userData.id));
      expect(rows).toEqual([]);
      const res = await resend(ctx, answer.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('EMAIL_VERIFICATION_OFF');
      const google = await buildUser(ctx);
      await ctx.db
        .update(users)
        .set({ emailVerifiedAt: ctx.clock.now() })
        .where(eq(users.id, google.id));
      const shown = await call(ctx.app, 'GET', `${API}/user?id=${google.id}`, {
        token: google.token,
      });
      expect(shown.json().data.emailVerified).toBe(true);
    });

    it('still answers "Forgot password?" the same, sending nothing without a mail server', async () => {
      const email = newEmail('off-forgot');
      await register(ctx, email);
      const res = await forgot(ctx, email);
      expect(res.statusCode).toBe(202);
      await ctx.app.mailer.flush();
      expect(ctx.app.mailer.mode).toBe('disabled');
      expect(ctx.logs.some((l) => l.includes('mail not sent: SMTP_URL is not set'))).toBe(true);
    });
  });
});
