import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { diaries, tasks, users } from '../src/db/schema';
import { generateToken } from '../src/lib/tokens';
import { createSession } from '../src/modules/auth/session-store';
import { createTestApp, type TestContext } from './app';
import { createTestDatabase, type TestDatabase } from './database';
import { buildGoal, buildTask, buildUser, pickTemplate, type TestUser } from './factories';

const API = '/api/v1';
const AUTH_MAX = 3;
const REQUEST_MAX = 5;
const WINDOW_SECONDS = 60;

/** A request from a given address, with any headers. */
function send(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { ip: string; token?: string; authorization?: string; body?: unknown } = {
    ip: '127.0.0.1',
  },
): Promise<LightMyRequestResponse> {
  const authorization = options.authorization ?? (options.token && `Bearer ${options.token}`);
  return ctx.app.inject({
    method,
    url,
    remoteAddress: options.ip,
    headers: authorization ? { authorization } : {},
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/** A 429 in the error envelope, telling the client how many seconds to wait. */
function expectRateLimited(res: LightMyRequestResponse, label = '') {
  expect(res.statusCode, `${label} ${res.body}`).toBe(429);
  expect(res.json()).toMatchObject({ status: 'fail', statusCode: 429, code: 'RATE_LIMITED' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter, 'Retry-After in whole seconds').toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
}

/** A bearer token of each shape a client could make up: malformed, or well-formed but unknown. */
function madeUpAuthorization(i: number): string {
  const shapes = [
    `Bearer ${generateToken()}`,
    `Bearer garbage-${i}-${randomBytes(4).toString('hex')}`,
    `Bearer ${randomBytes(200).toString('base64url')}`,
    `bearer ${generateToken()}=`,
  ];
  return shapes[i % shapes.length]!;
}

function registration(email: string) {
  return {
    name: 'Brute Force',
    email,
    password: 'a long enough password',
    confirmPassword: 'a long enough password',
    terms: true,
  };
}

describe('abuse limits', () => {
  let database: TestDatabase;
  let limited: TestContext;
  let open: TestContext;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two apps on one database: small limits here, the tests' generous ones for the caps.
    limited = await createTestApp({
      database,
      env: {
        RATE_LIMIT_MAX: String(REQUEST_MAX),
        RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
        RATE_LIMIT_WINDOW_MS: String(WINDOW_SECONDS * 1000),
      },
    });
    open = await createTestApp({ database, clock: limited.clock });
  });
  afterAll(async () => {
    await limited?.close();
    await open?.close();
    await database?.destroy();
  });

  const userCount = async () =>
    ((await limited.db.select({ value: count() }).from(users)) as [{ value: number }])[0].value;

  describe('sign-in and registration brute force', () => {
    it('answers 429 with Retry-After to the fourth login attempt from an address', async () => {
      const ip = '10.1.0.1';
      const attempt = () =>
        send(limited, 'POST', `${API}/auth/login`, {
          ip,
          body: { email: 'victim@example.test', password: 'guess' },
        });
      for (let i = 0; i < AUTH_MAX; i += 1) expect((await attempt()).statusCode).toBe(401);
      expectRateLimited(await attempt(), 'login');
      // Another address is not affected.
      const other = await send(limited, 'POST', `${API}/auth/login`, {
        ip: '10.1.0.2',
        body: { email: 'victim@example.test', password: 'guess' },
      });
      expect(other.statusCode).toBe(401);
    });

    it('answers 429 with Retry-After to the fourth registration from an address, creating nothing', async () => {
      const ip = '10.1.1.1';
      const before = await userCount();
      for (let i = 0; i < AUTH_MAX; i += 1) {
        const res = await send(limited, 'POST', `${API}/auth/register`, {
          ip,
          body: registration(`farm-${i}@example.test`),
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      expect(await userCount()).toBe(before + AUTH_MAX);
      const fourth = await send(limited, 'POST', `${API}/auth/register`, {
        ip,
        body: registration('farm-extra@example.test'),
      });
      expectRateLimited(fourth, 'register');
      expect(await userCount()).toBe(before + AUTH_MAX);
    });

    it('counts refused attempts too: bad input is no way around the limit', async () => {
      const ip = '10.1.2.1';
      for (let i = 0; i < AUTH_MAX; i += 1) {
        const res = await send(limited, 'POST', `${API}/auth/register`, { ip, body: {} });
        expect(res.statusCode).toBe(400);
      }
      expectRateLimited(
        await send(limited, 'POST', `${API}/auth/register`, {
          ip,
          body: registration('after-bad-input@example.test'),
        }),
      );
    });

    it('cannot be dodged by sending a new made-up bearer token with each attempt', async () => {
      for (const route of ['login', 'register'] as const) {
        const ip = route === 'login' ? '10.1.3.1' : '10.1.3.2';
        const attempt = (i: number) =>
          send(limited, 'POST', `${API}/auth/${route}`, {
            ip,
            authorization: madeUpAuthorization(i),
            body:
              route === 'login'
                ? { email: 'victim@example.test', password: `guess ${i}` }
                : registration(`rotating-${i}@example.test`),
          });
        for (let i = 0; i < AUTH_MAX; i += 1)
          expect((await attempt(i)).statusCode).toBeLessThan(429);
        for (let i = AUTH_MAX; i < AUTH_MAX + 8; i += 1) expectRateLimited(await attempt(i), route);
      }
    });

    it('cannot be dodged with live sessions either: sign-in counts by address', async () => {
      const ip = '10.1.4.1';
      const sessions: TestUser[] = [];
      for (let i = 0; i < AUTH_MAX + 2; i += 1) sessions.push(await buildUser(limited));
      const answers = [];
      for (const user of sessions) {
        answers.push(
          await send(limited, 'POST', `${API}/auth/login`, {
            ip,
            token: user.token,
            body: { email: 'victim@example.test', password: 'guess' },
          }),
        );
      }
      expect(answers.slice(0, AUTH_MAX).map((r) => r.statusCode)).toEqual([401, 401, 401]);
      for (const res of answers.slice(AUTH_MAX))
        expectRateLimited(res, 'login with a live session');
    });

    it('limits password-change guesses per user, whatever the address', async () => {
      const user = await buildUser(limited);
      const neighbour = await buildUser(limited);
      const guess = (who: TestUser, ip: string) =>
        send(limited, 'POST', `${API}/auth/password`, {
          ip,
          token: who.token,
          body: {
            currentPassword: 'a guess',
            newPassword: 'a new password',
            confirmPassword: 'a new password',
          },
        });
      for (let i = 0; i < AUTH_MAX; i += 1) {
        expect((await guess(user, `10.1.5.${i + 1}`)).statusCode).toBeLessThan(429);
      }
      expectRateLimited(await guess(user, '10.1.5.99'), 'password change from a new address');
      // Another user on the same address still gets their own attempts.
      expect((await guess(neighbour, '10.1.5.99')).statusCode).toBeLessThan(429);
    });
  });

  describe('the per-user request rate', () => {
    it('answers 429 with Retry-After to a signed-in user over the limit; another user is unaffected', async () => {
      const ip = '10.2.0.1';
      const heavy = await buildUser(limited);
      const light = await buildUser(limited);
      const get = (user: TestUser) =>
        send(limited, 'GET', `${API}/user?id=${user.id}`, { ip, token: user.token });
      for (let i = 0; i < REQUEST_MAX; i += 1) {
        const res = await get(heavy);
        expect(res.statusCode).toBe(200);
        expect(Number(res.headers['x-ratelimit-remaining'])).toBe(REQUEST_MAX - 1 - i);
      }
      expectRateLimited(await get(heavy), 'over the per-user rate');
      // The limit follows the user, not the address: from elsewhere, still limited.
      expectRateLimited(
        await send(limited, 'GET', `${API}/user?id=${heavy.id}`, {
          ip: '10.2.0.2',
          token: heavy.token,
        }),
      );
      // Another user on the same address, and the address itself, are unaffected.
      expect((await get(light)).statusCode).toBe(200);
      expect((await send(limited, 'GET', `${API}/background`, { ip })).statusCode).toBe(200);
      // The health check is never limited.
      expect(
        (await send(limited, 'GET', '/api/health', { ip, token: heavy.token })).statusCode,
      ).toBe(200);
    });

    it('counts every request of the user, in every session: bad input and unknown routes alike', async () => {
      const ip = '10.2.1.1';
      const user = await buildUser(limited);
      const neighbour = await buildUser(limited);
      const otherSession = await createSession(limited.db, user.id, limited.clock.now(), {
        idleDays: limited.env.SESSION_IDLE_DAYS,
        absoluteDays: limited.env.SESSION_ABSOLUTE_DAYS,
      });
      const requests = [
        () =>
          send(limited, 'GET', `${API}/user?id=${user.id}&nonsense=1`, { ip, token: user.token }),
        () => send(limited, 'GET', `${API}/no-such-route`, { ip, token: otherSession }),
        () => send(limited, 'GET', `${API}/user?id=${neighbour.id}`, { ip, token: user.token }),
        () =>
          send(limited, 'PATCH', `${API}/user?id=${user.id}`, {
            ip,
            token: otherSession,
            body: {},
          }),
        () => send(limited, 'GET', `${API}/goal?id=${user.id}`, { ip, token: user.token }),
      ];
      expect(requests).toHaveLength(REQUEST_MAX);
      for (const request of requests) expect((await request()).statusCode).toBeLessThan(429);
      // A new session (a new sign-in) buys no fresh budget.
      expectRateLimited(
        await send(limited, 'GET', `${API}/user?id=${user.id}`, { ip, token: otherSession }),
      );
      expectRateLimited(
        await send(limited, 'GET', `${API}/user?id=${user.id}`, { ip, token: user.token }),
      );
      expect(
        (
          await send(limited, 'GET', `${API}/user?id=${neighbour.id}`, {
            ip,
            token: neighbour.token,
          })
        ).statusCode,
      ).toBe(200);
    });

    it('cannot be dodged by rotating made-up bearer tokens: they count against the address', async () => {
      const ip = '10.2.2.1';
      const bystander = await buildUser(limited);
      const answers: number[] = [];
      for (let i = 0; i < REQUEST_MAX + 12; i += 1) {
        const res = await send(limited, 'GET', `${API}/user?id=${bystander.id}`, {
          ip,
          authorization: madeUpAuthorization(i),
        });
        answers.push(res.statusCode);
        if (res.statusCode === 429) expectRateLimited(res, `made-up token ${i}`);
      }
      expect(answers.slice(0, REQUEST_MAX)).toEqual(Array(REQUEST_MAX).fill(401));
      expect(answers.slice(REQUEST_MAX)).toEqual(Array(12).fill(429));
      // Anonymous calls from that address are limited too; a signed-in user there is not.
      expectRateLimited(await send(limited, 'GET', `${API}/background`, { ip }));
      expect(
        (
          await send(limited, 'GET', `${API}/user?id=${bystander.id}`, {
            ip,
            token: bystander.token,
          })
        ).statusCode,
      ).toBe(200);
    });

    it("does not count the web app's pages and files, only API calls", async () => {
      const ip = '10.2.4.1';
      const user = await buildUser(limited);
      for (const url of ['/home/landing', '/assets/index.js', '/favicon.svg']) {
        for (let i = 0; i < REQUEST_MAX; i += 1) {
          expect((await send(limited, 'GET', url, { ip })).statusCode).not.toBe(429);
        }
      }
      const res = await send(limited, 'GET', `${API}/user?id=${user.id}`, {
        ip,
        token: user.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(REQUEST_MAX - 1));
    });

    it('treats a revoked session like a made-up token', async () => {
      const ip = '10.2.3.1';
      const user = await buildUser(limited);
      const logout = await send(limited, 'POST', `${API}/auth/logout`, {
        ip: '10.2.3.9',
        token: user.token,
      });
      expect(logout.statusCode).toBe(200);
      for (let i = 0; i < REQUEST_MAX; i += 1) {
        const res = await send(limited, 'GET', `${API}/user?id=${user.id}`, {
          ip,
          token: user.token,
        });
        expect(res.statusCode).toBe(401);
      }
      expectRateLimited(await send(limited, 'GET', `${API}/background`, { ip }));
    });
  });

  describe('per-user caps against point farming and disk filling', () => {
    const accept = (user: TestUser, body: unknown) =>
      send(open, 'POST', `${API}/task?id=${user.id}`, { ip: '10.3.0.1', token: user.token, body });
    const complete = (user: TestUser, taskId: string) =>
      send(open, 'POST', `${API}/task/completed?taskId=${taskId}&userId=${user.id}`, {
        ip: '10.3.0.1',
        token: user.token,
      });
    const writeDiary = (user: TestUser, content: string) =>
      send(open, 'POST', `${API}/diary`, {
        ip: '10.3.0.1',
        token: user.token,
        body: { id: user.id, content },
      });
    const ownTasks = (user: TestUser) =>
      open.db.select().from(tasks).where(eq(tasks.userId, user.id));
    const ownDiaries = (user: TestUser) =>
      open.db.select().from(diaries).where(eq(diaries.userId, user.id));

    async function catalogueBody(mood: 'Happy' | 'Sad' | 'Neutral', offset: number) {
      const t = await pickTemplate(open, mood, offset);
      return { templateId: t.id, title: t.title, mood: t.mood };
    }

    it('keeps at most 10 tasks OnGoing', async () => {
      const user = await buildUser(open);
      await buildGoal(open, user, { target: 500_000 });
      const accepted: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const res = await accept(user, await catalogueBody('Happy', i));
        expect(res.statusCode, res.body).toBe(201);
        accepted.push(res.json().data.id);
      }
      const eleventh = await accept(user, await catalogueBody('Happy', 10));
      expect(eleventh.statusCode).toBe(409);
      expect(eleventh.json().code).toBe('TOO_MANY_ONGOING_TASKS');
      expect(await ownTasks(user)).toHaveLength(10);
      // Finishing one frees a place.
      expect((await complete(user, accepted[0]!)).statusCode).toBe(200);
      expect((await accept(user, await catalogueBody('Happy', 10))).statusCode).toBe(201);
    });

    it('accepts at most 30 tasks a local day, and again the next day', async () => {
      const start = open.clock.now();
      try {
        const user = await buildUser(open);
        const goal = await buildGoal(open, user, { target: 500_000 });
        for (let i = 0; i < 29; i += 1) {
          await buildTask(open, user, goal.id, {
            mood: 'Sad',
            offset: i % 20,
            status: 'Completed',
          });
        }
        expect((await accept(user, await catalogueBody('Neutral', 0))).statusCode).toBe(201);
        const over = await accept(user, await catalogueBody('Neutral', 1));
        expect(over.statusCode).toBe(409);
        expect(over.json().code).toBe('DAILY_TASK_LIMIT');
        expect(await ownTasks(user)).toHaveLength(30);
        open.clock.advanceDays(1);
        expect((await accept(user, await catalogueBody('Neutral', 1))).statusCode).toBe(201);
      } finally {
        open.clock.set(start);
      }
    });

    it('takes a diary entry of 20,000 characters and refuses one character more', async () => {
      const atLimit = await buildUser(open);
      const ok = await writeDiary(atLimit, `  ${'ü'.repeat(20_000)}\n`);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().data.content).toBe('ü'.repeat(20_000));
      const second = await writeDiary(atLimit, 'Another entry the same day');
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('DIARY_ALREADY_WRITTEN');

      const over = await buildUser(open);
      const tooLong = await writeDiary(over, 'x'.repeat(20_001));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().code).toBe('VALIDATION_ERROR');
      expect(await ownDiaries(over)).toEqual([]);
    });

    it('answers 413 to a body over 64 KB, and stores nothing', async () => {
      const user = await buildUser(open);
      const content = 'y'.repeat(BODY_LIMIT_BYTES);
      const res = await writeDiary(user, content);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: 'fail', code: 'PAYLOAD_TOO_LARGE' });
      expect(await ownDiaries(user)).toEqual([]);
    });
  });
});
