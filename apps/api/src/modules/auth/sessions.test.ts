import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { buildUser } from '../../../test/factories';
import { describeDevice } from './device';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('describeDevice', () => {
  it.each([
    [FIREFOX_WINDOWS, 'Firefox on Windows'],
    [SAFARI_IPHONE, 'Safari on iOS'],
    [CHROME_LINUX, 'Chrome on Linux'],
    ['curl/8.0', 'Unknown device'],
    [null, 'Unknown device'],
  ])('names %s as %s', (ua, name) => {
    expect(describeDevice(ua)).toBe(name);
  });
});

describe('sessions and passwords', () => {
  const ctx = useTestApp();
  const password = 'first password here';
  const email = 'sessions@example.test';

  const login = async (ua: string) => {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email, password },
      headers: { 'user-agent': ua },
    });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };

  beforeAll(async () => {
    const res = await call(ctx.app, 'POST', '/api/v1/auth/register', {
      body: { name: 'Sam', email, password, confirmPassword: password, terms: true },
      headers: { 'user-agent': CHROME_LINUX },
    });
    expect(res.statusCode).toBe(201);
  });

  it('lists the live sessions with device, times and which is current', async () => {
    const phone = await login(SAFARI_IPHONE);
    const laptop = await login(FIREFOX_WINDOWS);
    const res = await call(ctx.app, 'GET', '/api/v1/auth/sessions', { token: laptop });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json().data as { id: string; device: string; current: boolean }[];
    expect(list.map((s) => s.device).sort()).toEqual(
      ['Chrome on Linux', 'Firefox on Windows', 'Safari on iOS'].sort(),
    );
    expect(list.filter((s) => s.current)).toEqual([
      expect.objectContaining({ device: 'Firefox on Windows' }),
    ]);
    // The phone ends the laptop's session; the laptop is signed out at once.
    const laptopSession = list.find((s) => s.current)!;
    const end = await call(ctx.app, 'DELETE', `/api/v1/auth/sessions/${laptopSession.id}`, {
      token: phone,
    });
    expect(end.statusCode).toBe(200);
    expect(
      (await call(ctx.app, 'GET', '/api/v1/auth/sessions', { token: laptop })).statusCode,
    ).toBe(401);
  });

  it("answers 404 for another user's session, and ends nothing", async () => {
    const mine = await login(CHROME_LINUX);
    const other = await buildUser(ctx);
    const theirs = (
      await call(ctx.app, 'GET', '/api/v1/auth/sessions', { token: other.token })
    ).json().data[0].id as string;
    const res = await call(ctx.app, 'DELETE', `/api/v1/auth/sessions/${theirs}`, { token: mine });
    expect(res.statusCode).toBe(404);
    expect(
      (await call(ctx.app, 'GET', '/api/v1/auth/sessions', { token: other.token })).statusCode,
    ).toBe(200);
    expect(
      (await call(ctx.app, 'DELETE', '/api/v1/auth/sessions/not-a-uuid', { token: mine }))
        .statusCode,
    ).toBe(404);
  });

  it('ends every other session at once', async () => {
    const keep = await login(CHROME_LINUX);
    const other = await login(SAFARI_IPHONE);
    const res = await call(ctx.app, 'POST', '/api/v1/auth/sessions/end-others', { token: keep });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.revoked).toBeGreaterThanOrEqual(1);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/sessions', { token: other })).statusCode).toBe(
      401,
    );
    const left = (await call(ctx.app, 'GET', '/api/v1/auth/sessions', { token: keep })).json().data;
    expect(left).toHaveLength(1);
  });

  it('changes the password only with the current one, and ends every other session by default', async () => {
    const keep = await login(CHROME_LINUX);
    const other = await login(SAFARI_IPHONE);
    const wrong = await call(ctx.app, 'POST', '/api/v1/auth/password', {
      token: keep,
      body: {
        currentPassword: 'nope nope',
        newPassword: 'second password',
        confirmPassword: 'second password',
      },
    });
    expect(wrong.statusCode).toBe(401);
    const mismatch = await call(ctx.app, 'POST', '/api/v1/auth/password', {
      token: keep,
      body: {
        currentPassword: password,
        newPassword: 'second password',
        confirmPassword: 'different',
      },
    });
    expect(mismatch.statusCode).toBe(400);
    const ok = await call(ctx.app, 'POST', '/api/v1/auth/password', {
      token: keep,
      body: {
        currentPassword: password,
        newPassword: 'second password',
        confirmPassword: 'second password',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.revoked).toBeGreaterThanOrEqual(1);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/sessions', { token: other })).statusCode).toBe(
      401,
    );
    expect((await call(ctx.app, 'GET', '/api/v1/auth/sessions', { token: keep })).statusCode).toBe(
      200,
    );
    const oldLogin = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email, password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email, password: 'second password' },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('keeps the other sessions when asked to (keepOtherSessions)', async () => {
    const keeper = 'keeper@example.test';
    const first = 'keeper password 1';
    const signIn = async () => {
      const res = await call(ctx.app, 'POST', '/api/v1/auth/login', {
        body: { email: keeper, password: first },
      });
      expect(res.statusCode).toBe(200);
      return res.json().token as string;
    };
    const created = await call(ctx.app, 'POST', '/api/v1/auth/register', {
      body: { name: 'Kit', email: keeper, password: first, confirmPassword: first, terms: true },
    });
    expect(created.statusCode).toBe(201);
    const current = created.json().token as string;
    const phone = await signIn();
    const tablet = await signIn();
    const res = await call(ctx.app, 'POST', '/v1/auth/password', {
      token: current,
      body: {
        currentPassword: first,
        newPassword: 'keeper password 2',
        confirmPassword: 'keeper password 2',
        keepOtherSessions: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ revoked: 0 });
    for (const token of [current, phone, tablet]) {
      expect((await call(ctx.app, 'GET', '/api/v1/auth/sessions', { token })).statusCode).toBe(200);
    }
    // The old flag is gone: the body is strict.
    const old = await call(ctx.app, 'POST', '/v1/auth/password', {
      token: current,
      body: {
        currentPassword: 'keeper password 2',
        newPassword: 'keeper password 3',
        confirmPassword: 'keeper password 3',
        endOtherSessions: false,
      },
    });
    expect(old.statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/v1/auth/sessions', { token: phone })).statusCode).toBe(
      200,
    );
  });

  it('refuses a password change for an account without a password', async () => {
    const other = await buildUser(ctx);
    const res = await call(ctx.app, 'POST', '/api/v1/auth/password', {
      token: other.token,
      body: {
        currentPassword: 'x',
        newPassword: 'long enough pw',
        confirmPassword: 'long enough pw',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_PASSWORD');
  });

  it('answers 401 without a token', async () => {
    expect((await call(ctx.app, 'GET', '/api/v1/auth/sessions')).statusCode).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/v1/auth/sessions/end-others')).statusCode).toBe(401);
  });
});
