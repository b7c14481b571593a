import { describe, expect, it } from 'vitest';
import { expectFail } from '../../../test/assertions';
import { call, race, useTestApp } from '../../../test/app';
import { buildUser } from '../../../test/factories';

// An account made by Google (or the development sign-in) has no password, so a change form is of
// no use to it: it can set a first password instead (decision 024).
describe('a first password for an account made by a sign-in provider', () => {
  const ctx = useTestApp();
  const newPassword = 'a brand new password';
  const body = { newPassword, confirmPassword: newPassword };

  it('says whether the account has a password', async () => {
    const user = await buildUser(ctx);
    const res = await call(ctx.app, 'GET', '/api/v1/auth/password', { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { hasPassword: false } });
  });

  it('sets it from a fresh session; the email and that password then sign in', async () => {
    const user = await buildUser(ctx);
    const res = await call(ctx.app, 'PUT', '/api/v1/auth/password', { token: user.token, body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ hasPassword: true });
    const status = await call(ctx.app, 'GET', '/v1/auth/password', { token: user.token });
    expect(status.json().data).toEqual({ hasPassword: true });
    const login = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: newPassword },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().userData.id).toBe(user.id);
  });

  it('refuses a second first password: the account changes it instead', async () => {
    const user = await buildUser(ctx);
    await call(ctx.app, 'PUT', '/api/v1/auth/password', { token: user.token, body });
    const again = await call(ctx.app, 'PUT', '/api/v1/auth/password', {
      token: user.token,
      body: { newPassword: 'another password!', confirmPassword: 'another password!' },
    });
    expectFail(again, 409, 'PASSWORD_EXISTS');
    const login = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email: user.email, password: newPassword },
    });
    expect(login.statusCode).toBe(200);
  });

  it('sets exactly one password when requests race', async () => {
    const user = await buildUser(ctx);
    const answers = await race(8, () =>
      call(ctx.app, 'PUT', '/api/v1/auth/password', { token: user.token, body }),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
  });

  it('needs a session opened in the last 15 minutes', async () => {
    const user = await buildUser(ctx);
    ctx.clock.advance(15 * 60_000 + 1000);
    const res = await call(ctx.app, 'PUT', '/api/v1/auth/password', { token: user.token, body });
    expectFail(res, 403, 'REAUTH_REQUIRED');
    const status = await call(ctx.app, 'GET', '/api/v1/auth/password', { token: user.token });
    expect(status.json().data).toEqual({ hasPassword: false });
  });

  it('refuses an email another account already signs in with by password', async () => {
    const squatter = await call(ctx.app, 'POST', '/api/v1/auth/register', {
      body: {
        name: 'Someone Else',
        email: 'shared-address@example.test',
        password: 'squatter password',
        confirmPassword: 'squatter password',
        terms: true,
        timeZone: 'UTC',
      },
    });
    expect(squatter.statusCode).toBe(201);
    const user = await buildUser(ctx, { email: 'shared-address@example.test' });
    const res = await call(ctx.app, 'PUT', '/api/v1/auth/password', { token: user.token, body });
    expectFail(res, 409, 'EMAIL_TAKEN');
  });

  it('checks the two passwords like registration does, changing nothing', async () => {
    const user = await buildUser(ctx);
    const short = await call(ctx.app, 'PUT', '/api/v1/auth/password', {
      token: user.token,
      body: { newPassword: 'short', confirmPassword: 'short' },
    });
    expectFail(short, 400, 'VALIDATION_ERROR');
    const mismatch = await call(ctx.app, 'PUT', '/api/v1/auth/password', {
      token: user.token,
      body: { newPassword, confirmPassword: `${newPassword}!` },
    });
    expectFail(mismatch, 400, 'VALIDATION_ERROR');
    const status = await call(ctx.app, 'GET', '/api/v1/auth/password', { token: user.token });
    expect(status.json().data).toEqual({ hasPassword: false });
  });

  it('answers 401 without a session', async () => {
    expectFail(await call(ctx.app, 'GET', '/api/v1/auth/password'), 401, 'UNAUTHORIZED');
    expectFail(await call(ctx.app, 'PUT', '/api/v1/auth/password', { body }), 401, 'UNAUTHORIZED');
  });
});
