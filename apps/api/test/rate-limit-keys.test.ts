import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKeyOf } from '../src/plugins/external/rate-limit';
import { createTestApp, type TestContext } from './app';
import { createTestDatabase, type TestDatabase } from './database';

const AUTH_MAX = 10;
const REQUEST_MAX = 40;
const WRONG_LOGIN = { email: 'victim@example.test', password: 'a wrong guess' };

type Method = 'GET' | 'HEAD' | 'POST';

/** One call from an address (or, behind a proxy, with X-Forwarded-For). */
function send(
  ctx: TestContext,
  method: Method,
  url: string,
  from: { ip: string; forwardedFor?: string },
  body?: object,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: from.ip,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    ...(body ? { payload: body } : {}),
  });
}

const login = (ctx: TestContext, prefix: '/api/v1' | '/v1', from: { ip: string }) =>
  send(ctx, 'POST', `${prefix}/auth/login`, from, WRONG_LOGIN);

/** Ten sign-in attempts, alternating between the two copies of the API. */
async function spendSignInBudget(ctx: TestContext, from: { ip: string; forwardedFor?: string }) {
  for (let i = 0; i < AUTH_MAX; i += 1) {
    const res = await login(ctx, i % 2 === 0 ? '/api/v1' : '/v1', from);
    expect(res.statusCode, `attempt ${i + 1}: ${res.body}`).toBe(401);
  }
}

function expectRateLimited(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(429);
  expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

const limits = {
  RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
  RATE_LIMIT_MAX: String(REQUEST_MAX),
  RATE_LIMIT_WINDOW_MS: '60000',
};

describe('addressKeyOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::'],
    ['2001:DB8:1:2:a:b:c:d', '2001:db8:1:2::'],
    ['::1', '::'],
  ])('keys %s as %s', (ip, key) => {
    expect(addressKeyOf(ip)).toBe(key);
  });

  it('keeps different /64 networks apart', () => {
    expect(addressKeyOf('2001:db8:1:2::1')).not.toBe(addressKeyOf('2001:db8:1:3::1'));
  });
});

describe('the sign-in budget and the address key', () => {
  let database: TestDatabase;
  let ctx: TestContext;
  let proxied: TestContext;

  beforeAll(async () => {
    database = await createTestDatabase();
    ctx = await createTestApp({ database, env: limits });
    proxied = await createTestApp({
      database,
      clock: ctx.clock,
      env: { ...limits, TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await proxied?.close();
    await database?.destroy();
  });

  it('counts 10 sign-in attempts across /api/v1 and /v1 against one budget', async () => {
    const from = { ip: '10.20.0.1' };
    await spendSignInBudget(ctx, from);
    expectRateLimited(await login(ctx, '/api/v1', from), '11th on /api/v1');
    expectRateLimited(await login(ctx, '/v1', from), '12th on /v1');
    // Registration draws on the same budget, under either prefix.
    expectRateLimited(
      await send(ctx, 'POST', '/v1/auth/register', from, { name: 'x' }),
      'register on /v1',
    );
    // Another address has its own.
    expect((await login(ctx, '/v1', { ip: '10.20.0.2' })).statusCode).toBe(401);
  });

  it('counts every method and every sign-in route against that budget (GET and HEAD alike)', async () => {
    const from = { ip: '10.20.1.1' };
    const calls: (() => Promise<LightMyRequestResponse>)[] = [
      () => send(ctx, 'HEAD', '/api/v1/auth/google/start', from),
      () => send(ctx, 'GET', '/v1/auth/google/start', from),
      () => send(ctx, 'HEAD', '/v1/auth/google?credential=c&state=s', from),
      () => send(ctx, 'GET', '/api/v1/auth/google?credential=c&state=s', from),
      () => login(ctx, '/v1', from),
    ];
    for (let i = 0; i < AUTH_MAX; i += 1) {
      const res = await calls[i % calls.length]!();
      expect(res.statusCode, `call ${i + 1}`).not.toBe(429);
    }
    expectRateLimited(await login(ctx, '/api/v1', from), 'login after GETs and HEADs');
    expect((await send(ctx, 'HEAD', '/v1/auth/google/start', from)).statusCode).toBe(429);
  });

  it('keys IPv6 callers by /64: one budget inside it, another outside', async () => {
    await spendSignInBudget(ctx, { ip: '2001:db8:20:1::1' });
    expectRateLimited(
      await login(ctx, '/v1', { ip: '2001:db8:20:1:ffff:ffff:ffff:fffe' }),
      'same /64',
    );
    expectRateLimited(await login(ctx, '/api/v1', { ip: '2001:0db8:0020:0001::9' }), 'same /64');
    expect((await login(ctx, '/v1', { ip: '2001:db8:20:2::1' })).statusCode).toBe(401);
  });

  it('keys an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    await spendSignInBudget(ctx, { ip: '::ffff:10.20.2.1' });
    expectRateLimited(await login(ctx, '/v1', { ip: '10.20.2.1' }), 'the same IPv4 address');
  });

  it('keys the general request limit by /64 too', async () => {
    for (let i = 0; i < REQUEST_MAX; i += 1) {
      const ip = `2001:db8:20:3::${(i + 1).toString(16)}`;
      expect((await send(ctx, 'GET', '/api/v1/background', { ip })).statusCode).toBe(200);
    }
    expectRateLimited(
      await send(ctx, 'GET', '/v1/background', { ip: '2001:db8:20:3:abcd::1' }),
      'a fresh address in the same /64',
    );
    expect((await send(ctx, 'GET', '/v1/background', { ip: '2001:db8:20:4::1' })).statusCode).toBe(
      200,
    );
  });

  it('behind TRUST_PROXY, keys by the forwarded address, IPv6 by /64', async () => {
    const proxy = '127.0.0.1';
    await spendSignInBudget(proxied, { ip: proxy, forwardedFor: '2001:db8:20:5::1' });
    expectRateLimited(
      await send(
        proxied,
        'POST',
        '/api/v1/auth/login',
        { ip: proxy, forwardedFor: '2001:db8:20:5::2' },
        WRONG_LOGIN,
      ),
      'same /64 behind the proxy',
    );
    const elsewhere = await send(
      proxied,
      'POST',
      '/v1/auth/login',
      { ip: proxy, forwardedFor: '2001:db8:20:6::1' },
      WRONG_LOGIN,
    );
    expect(elsewhere.statusCode).toBe(401);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/12';

async function isRedisAnswering(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

// Skipped only where no Redis runs (CI starts one): the shared store needs a real server.
describe.skipIf(!(await isRedisAnswering()))('the sign-in budget in the shared Redis store', () => {
  let database: TestDatabase;
  let first: TestContext;
  let second: TestContext;
  let redis: Redis;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { ...limits, REDIS_URL };
    // Two processes of the API, one Redis.
    first = await createTestApp({ database, env });
    second = await createTestApp({ database, clock: first.clock, env });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.destroy();
    await redis?.quit();
  });

  /** The Redis keys of an address's sign-in budget. */
  async function budgetKeys(key: string): Promise<string[]> {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `wellspring-rl:*auth:ip:${key}`);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  }

  it('keeps one key per address across prefixes, methods and processes', async () => {
    // A fresh /64 each run: the store outlives the test.
    const net = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    for (let i = 0; i < AUTH_MAX; i += 1) {
      const app = i % 2 === 0 ? first : second;
      const res = await login(app, i % 4 < 2 ? '/api/v1' : '/v1', { ip: `${net}::${i + 1}` });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expectRateLimited(await login(first, '/v1', { ip: `${net}::ff` }), 'the 11th, on the first');
    expectRateLimited(await login(second, '/api/v1', { ip: `${net}::fe` }), 'on the second');
    const keys = await budgetKeys(addressKeyOf(`${net}::1`));
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]!))).toBe(AUTH_MAX + 2);
  });
});
