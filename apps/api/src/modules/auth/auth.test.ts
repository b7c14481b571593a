import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { sessions, users } from '../../db/schema';

const valid = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.test',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  terms: true,
  timeZone: 'Europe/Berlin',
};

describe('password accounts', () => {
  const ctx = useTestApp();

  it('registers, answers a token and the user, and stores only the token hash', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/register', { body: valid });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.userData).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      mood: 'Unknown',
      hasOnboarded: false,
      hasSetMoodToday: false,
      diaryStreak: 0,
      timeZone: 'Europe/Berlin',
      selectedBackgroundURL: 'http://localhost:3000/backgrounds/first-light.svg',
    });
    const stored = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, body.userData.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(body.token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a second account with the same email, in any case', async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/register', {
      body: { ...valid, email: 'ADA@example.test' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'fail', statusCode: 409, code: 'EMAIL_TAKEN' });
  });

  it.each([
    ['a short password', { password: 'short', confirmPassword: 'short' }],
    [
      'a password over 128 characters',
      { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
    ],
    ['a confirmation that differs', { confirmPassword: 'something else entirely' }],
    ['terms not accepted', { terms: false }],
    ['an empty name', { name: '   ' }],
    ['a malformed email', { email: 'not-an-email' }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }],
    ['an unknown field', { isAdmin: true }],
  ])('refuses %s with a 400 and creates nothing', async (_label, change) => {
    const before = await ctx.db.select().from(users);
    const res = await call(ctx.app, 'POST', '/api/v1/auth/register', {
      body: { ...valid, email: 'new@example.test', ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'fail', code: 'VALIDATION_ERROR' });
    expect(await ctx.db.select().from(users)).toHaveLength(before.length);
  });

  it('logs in with the right password and gives the same answer for a wrong email or password', async () => {
    const ok = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email: 'ada@example.test', password: valid.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().userData.email).toBe('ada@example.test');

    const wrongPassword = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email: 'ada@example.test', password: 'not the password' },
    });
    const wrongEmail = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email: 'nobody@example.test', password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    const strip = (r: typeof wrongEmail) => ({ ...r.json(), requestId: undefined });
    expect(strip(wrongPassword)).toEqual(strip(wrongEmail));
  });

  it('logs out: the token stops working at once', async () => {
    const login = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email: 'ada@example.test', password: valid.password },
    });
    const { token, userData } = login.json();
    const me = await call(ctx.app, 'GET', `/api/v1/user?id=${userData.id}`, { token });
    expect(me.statusCode).toBe(200);
    const out = await call(ctx.app, 'POST', '/api/v1/auth/logout', { token });
    expect(out.statusCode).toBe(200);
    const after = await call(ctx.app, 'GET', `/api/v1/user?id=${userData.id}`, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: 'fail', code: 'UNAUTHORIZED' });
  });

  it('expires a session after 14 idle days, and after 30 days however active', async () => {
    const login = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email: 'ada@example.test', password: valid.password },
    });
    const { token, userData } = login.json();
    const me = () => call(ctx.app, 'GET', `/api/v1/user?id=${userData.id}`, { token });
    for (let day = 0; day < 29; day += 1) {
      ctx.clock.advanceDays(1);
      expect((await me()).statusCode).toBe(200);
    }
    ctx.clock.advanceDays(1.1);
    expect((await me()).statusCode).toBe(401);

    const second = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email: 'ada@example.test', password: valid.password },
    });
    const idleToken = second.json().token;
    ctx.clock.advanceDays(14.1);
    const idle = await call(ctx.app, 'GET', `/api/v1/user?id=${userData.id}`, { token: idleToken });
    expect(idle.statusCode).toBe(401);
  });

  it('never writes the password or the token to the log', async () => {
    const joined = ctx.logs.join('\n');
    expect(joined).not.toContain(valid.password);
    expect(joined.length).toBeGreaterThan(0);
  });
});

describe('rate limits on sign-in', () => {
  const ctx = useTestApp({ env: { RATE_LIMIT_AUTH_MAX: '3' } });

  it('answers 429 with Retry-After once an address tries too often', async () => {
    const attempt = () =>
      call(ctx.app, 'POST', '/api/v1/auth/login', {
        body: { email: 'nobody@example.test', password: 'guess' },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ status: 'fail', statusCode: 429, code: 'RATE_LIMITED' });
  });
});
