import type { AuthAnswer } from '@wellspring/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { TestClock } from '../../../test/clock';
import { authorizeWithDevProvider, Browser, freePort } from '../../../test/dev-sign-in';
import { identities, oidcStates, sessions, users } from '../../db/schema';
import { SIGN_IN_NOT_STARTED } from './google.routes';
import { mayLinkByEmail } from './oidc/oidc.service';

describe('Sign in with an OpenID provider (the built-in one, on loopback)', () => {
  let ctx: TestContext;
  let base: string;

  const authorize = (browser: Browser, person?: { name: string; email: string }) =>
    authorizeWithDevProvider(base, browser, person);

  async function exchange(browser: Browser, q: { code: string; state: string; iss: string }) {
    const url = new URL(`${base}/api/v1/auth/google`);
    url.searchParams.set('credential', q.code);
    url.searchParams.set('state', q.state);
    url.searchParams.set('iss', q.iss);
    return browser.get(url.href);
  }

  const sessionCount = async () =>
    Number((await ctx.db.select({ n: count() }).from(sessions))[0]!.n);

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    ctx = await createTestApp({
      clock: new TestClock(new Date()),
      env: { PUBLIC_URL: base, PORT: String(port) },
    });
    await ctx.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(() => ctx.close());

  it('signs a new person in, creates the user once, and finds them on the next sign-in', async () => {
    const browser = new Browser();
    const first = await exchange(browser, await authorize(browser));
    expect(first.status).toBe(200);
    const answer = (await first.json()) as AuthAnswer;
    expect(answer).toMatchObject({
      status: 'success',
      userData: {
        name: 'Grace Dev',
        email: 'grace@dev.test',
        timeZone: 'Europe/Paris',
        hasOnboarded: false,
      },
    });
    expect(answer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.cookie('ws_oidc')).toBeUndefined();

    const again = new Browser();
    const second = await exchange(again, await authorize(again));
    expect(second.status).toBe(200);
    expect(((await second.json()) as AuthAnswer).userData.id).toBe(answer.userData.id);
    const rows = await ctx.db.select().from(users).where(eq(users.email, 'grace@dev.test'));
    expect(rows).toHaveLength(1);
    const ids = await ctx.db
      .select()
      .from(identities)
      .where(eq(identities.userId, answer.userData.id));
    expect(ids).toHaveLength(1);
    expect(ids[0]!.issuer).toBe(`${base}/dev-oidc`);
  });

  it('answers an exchange without state with a 400 that says where sign-in starts', async () => {
    const before = await sessionCount();
    for (const query of ['credential=some-code', 'credential=some-code&state=']) {
      for (const prefix of ['/api/v1', '/v1']) {
        const res = await new Browser().get(`${base}${prefix}/auth/google?${query}`);
        expect(res.status).toBe(400);
        const body = (await res.json()) as Record<string, unknown>;
        expect(body).toEqual({
          status: 'fail',
          statusCode: 400,
          code: 'SIGN_IN_NOT_STARTED',
          message: SIGN_IN_NOT_STARTED,
          requestId: expect.any(String),
        });
        expect(body.message).toContain('must start at /api/v1/auth/google/start');
      }
    }
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a replayed state and creates no session', async () => {
    const browser = new Browser();
    const q = await authorize(browser);
    const binding = browser.cookie('ws_oidc')!;
    expect((await exchange(browser, q)).status).toBe(200);
    const before = await sessionCount();
    browser.setCookie('ws_oidc', binding);
    const replay = await exchange(browser, q);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ status: 'fail', code: 'OIDC_FAILED' });
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a state from another browser (another cookie) and a missing cookie', async () => {
    const victim = new Browser();
    const q = await authorize(victim);
    const attacker = new Browser();
    await attacker.get(`${base}/api/v1/auth/google/start`);
    const before = await sessionCount();
    expect((await exchange(attacker, q)).status).toBe(400);
    expect((await exchange(new Browser(), q)).status).toBe(400);
    expect(await sessionCount()).toBe(before);
    // The refused attempts did not spend the victim's state: the real browser still finishes.
    expect((await exchange(victim, q)).status).toBe(200);
  });

  it('refuses an expired state (over ten minutes old)', async () => {
    const browser = new Browser();
    const q = await authorize(browser);
    ctx.clock.advance(10 * 60_000 + 1_000);
    const before = await sessionCount();
    expect((await exchange(browser, q)).status).toBe(400);
    expect(await sessionCount()).toBe(before);
    ctx.clock.set(new Date());
  });

  it('refuses a reused code', async () => {
    const browser = new Browser();
    const q = await authorize(browser);
    expect((await exchange(browser, q)).status).toBe(200);
    // A fresh start gives a valid state and cookie; the old code must still be refused.
    const second = new Browser();
    const fresh = await authorize(second);
    const before = await sessionCount();
    const res = await exchange(second, { ...fresh, code: q.code });
    expect(res.status).toBe(400);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const browser = new Browser();
    const q = await authorize(browser);
    await ctx.db.update(oidcStates).set({ nonce: 'not-the-nonce-that-was-sent' });
    const before = await sessionCount();
    const res = await exchange(browser, q);
    expect(res.status).toBe(400);
    expect(await sessionCount()).toBe(before);
  });

  it('never links a development identity to a password account with the same email', async () => {
    const register = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Linus Password',
        email: 'linus@dev.test',
        password: 'a long enough password',
        confirmPassword: 'a long enough password',
        terms: true,
      }),
    });
    const passwordUser = ((await register.json()) as AuthAnswer).userData;
    const browser = new Browser();
    const res = await exchange(
      browser,
      await authorize(browser, { name: 'Linus Dev', email: 'linus@dev.test' }),
    );
    const devUser = ((await res.json()) as AuthAnswer).userData;
    expect(devUser.id).not.toBe(passwordUser.id);
  });

  it('keeps codes, states and tokens out of the log', async () => {
    const browser = new Browser();
    const q = await authorize(browser);
    const token = ((await (await exchange(browser, q)).json()) as AuthAnswer).token;
    const logs = ctx.logs.join('\n');
    expect(logs).toContain('/api/v1/auth/google?credential=');
    expect(logs).not.toContain(q.code);
    expect(logs).not.toContain(q.state);
    expect(logs).not.toContain(token);
  });
});

describe('linking by email', () => {
  it('links only a Google identity whose email Google verified', () => {
    expect(mayLinkByEmail('https://accounts.google.com', true)).toBe(true);
    expect(mayLinkByEmail('https://accounts.google.com', false)).toBe(false);
    expect(mayLinkByEmail('http://localhost:3000/dev-oidc', true)).toBe(false);
    expect(mayLinkByEmail('https://evil.example', true)).toBe(false);
  });
});
