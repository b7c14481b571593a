import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { oidcStates } from '../../db/schema';
import { mountDevProvider } from './oidc/dev-provider';

/** What a production server sets, minus Google. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://wellspring.example',
  // No mail server in this test; the mail helper needs one in production unless this is off.
  EMAIL_VERIFICATION: 'off',
};
const NOT_SET_UP_LINE = /Google sign-in is not set up/;
const DEV_PROVIDER_LINE = /built-in development OpenID provider/;

/** The log lines of a kind, parsed. */
function linesMatching(ctx: TestContext, pattern: RegExp) {
  return ctx.logs
    .filter((line) => pattern.test(line))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
}

/** Every request the development provider would answer. */
const DEV_REQUESTS = [
  { method: 'GET', url: '/dev-oidc/.well-known/openid-configuration' },
  { method: 'GET', url: '/dev-oidc/jwks' },
  { method: 'GET', url: '/dev-oidc/auth?client_id=wellspring-dev&response_type=code' },
  { method: 'POST', url: '/dev-oidc/token' },
  { method: 'GET', url: '/dev-oidc/interaction/abc' },
  { method: 'POST', url: '/dev-oidc/interaction/abc/login' },
] as const;

describe('production without Google credentials', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Whatever else is set: an issuer without a client id, a proxy in front.
    ctx = await createTestApp({
      env: { ...PRODUCTION, OIDC_ISSUER: 'https://accounts.google.com', TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => ctx.close());

  it('never mounts the development sign-in: every /dev-oidc request is a 404', async () => {
    for (const request of DEV_REQUESTS) {
      const res = await ctx.app.inject({
        ...request,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: request.method === 'POST' ? 'name=Eve&email=victim%40example.test' : undefined,
      });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    expect(ctx.app.routeTable.filter((route) => route.url.includes('dev-oidc'))).toEqual([]);
    expect(linesMatching(ctx, DEV_PROVIDER_LINE)).toEqual([]);
  });

  it('refuses to mount it even when asked directly', async () => {
    await expect(
      mountDevProvider(ctx.app, {
        publicUrl: ctx.env.PUBLIC_URL,
        redirectUri: `${ctx.env.PUBLIC_URL}/auth/callback`,
        trustProxy: false,
      }),
    ).rejects.toThrow(/never mounted in production/);
  });

  it('tells the web app that neither Google nor the development sign-in is there', async () => {
    for (const prefix of ['/api/v1', '/v1']) {
      const res = await ctx.app.inject({ url: `${prefix}/auth/providers` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: { google: false, dev: false } });
    }
  });

  it('sends a Google button that was followed anyway to sign-up with email, starting nothing', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/auth/google/start?timeZone=Europe/Paris' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://wellspring.example/register');
    expect(res.headers['set-cookie']).toBeUndefined();
    const [states] = await ctx.db.select({ n: count() }).from(oidcStates);
    expect(states!.n).toBe(0);
  });

  it('refuses a callback with a clear message', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/auth/google?credential=code&state=state' });
    expectFail(res, 400, 'OIDC_FAILED', {
      message: 'Google sign-in is not set up on this server. Please sign up with your email.',
    });
  });

  it('says so once at start, as one plain info line', () => {
    const lines = linesMatching(ctx, NOT_SET_UP_LINE);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe(30);
    expect(lines[0]!.msg).toBe(
      'Google sign-in is not set up (no OIDC_CLIENT_ID): people sign up and log in with email ' +
        'and password, and the Google buttons lead to sign-up with email.',
    );
  });
});

describe('production with Google credentials', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { ...PRODUCTION, OIDC_CLIENT_ID: 'client.apps.example', OIDC_CLIENT_SECRET: 'secret' },
    });
  });
  afterAll(() => ctx.close());

  it('offers Google, not the development sign-in, and says nothing about it', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/auth/providers' });
    expect(res.json().data).toEqual({ google: true, dev: false });
    const dev = await ctx.app.inject({ url: '/dev-oidc/.well-known/openid-configuration' });
    expect(dev.statusCode).toBe(404);
    expect(linesMatching(ctx, NOT_SET_UP_LINE)).toEqual([]);
    expect(linesMatching(ctx, DEV_PROVIDER_LINE)).toEqual([]);
  });
});

describe('outside production without Google credentials', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(() => ctx.close());

  it('mounts the development sign-in, labelled as such, and tells the web app', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/auth/providers' });
    expect(res.json().data).toEqual({ google: false, dev: true });
    const discovery = await ctx.app.inject({ url: '/dev-oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expect(ctx.app.routeTable.some((route) => route.url.includes('dev-oidc'))).toBe(true);
    expect(linesMatching(ctx, DEV_PROVIDER_LINE)).toHaveLength(1);
    expect(linesMatching(ctx, NOT_SET_UP_LINE)).toEqual([]);
  });

  it('starts a sign-in at the development provider', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/auth/google/start' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^http:\/\/localhost:3000\/dev-oidc\/auth\?/);
  });
});
