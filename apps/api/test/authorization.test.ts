import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { hashToken } from '../src/lib/tokens';
import { createSession } from '../src/modules/auth/session-store';
import { call, useTestApp } from './app';
import {
  buildDiary,
  buildGoal,
  buildTask,
  buildUser,
  dumpUserRows,
  type TestUser,
} from './factories';
import { routeKeys } from './route-table';
import {
  type Fixture,
  PUBLIC_ROUTES,
  RECIPES,
  methodOf,
  send,
  expectUnauthorized,
  expectNotFound,
} from './authorization-recipes';

describe('authorization of every protected route', () => {
  const ctx = useTestApp();
  let attacker: TestUser;

  beforeAll(async () => {
    // The attacker has a life of their own: a goal, a task, a diary.
    attacker = await buildUser(ctx, { name: 'Mallory' });
    const goal = await buildGoal(ctx, attacker);
    await buildTask(ctx, attacker, goal.id, { mood: 'Sad' });
    await buildDiary(ctx, attacker, '2026-03-10', 'Mallory was here');
  });

  it('has a recipe for exactly the protected routes of the route table', () => {
    const routes = ctx.app.routeTable;
    const apiRoutes = routeKeys(routes, '/api/v1');
    // The table really is the server's: the routes everybody knows are in it.
    expect(apiRoutes).toEqual(
      expect.arrayContaining([
        'GET /task',
        'DELETE /task',
        'POST /auth/register',
        'GET /background',
      ]),
    );
    const protectedRoutes = apiRoutes.filter((key) => !PUBLIC_ROUTES.has(key));
    const missing = protectedRoutes.filter((key) => !(key in RECIPES));
    expect(missing, 'routes with no request recipe in authorization.test.ts').toEqual([]);
    const gone = Object.keys(RECIPES).filter((key) => !protectedRoutes.includes(key));
    expect(gone, 'recipes for routes the server no longer has').toEqual([]);
  });

  it('mounts the same routes under /v1 as under /api/v1', () => {
    const routes = ctx.app.routeTable;
    expect(routeKeys(routes, '/v1')).toEqual(routeKeys(routes, '/api/v1'));
  });

  it('answers the public routes without a token', async () => {
    const list = await call(ctx.app, 'GET', '/api/v1/background');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(12);
    // Bad credentials are a 400 or 401 of their own, never "please sign in".
    const login = await call(ctx.app, 'POST', '/api/v1/auth/login', {
      body: { email: 'nobody@example.test', password: 'wrong password' },
    });
    expect(login.json().code).toBe('INVALID_CREDENTIALS');
    const register = await call(ctx.app, 'POST', '/api/v1/auth/register', { body: {} });
    expect(register.json().code).toBe('VALIDATION_ERROR');
  });

  it("answers the emailed-link routes by the link's token alone, whatever the bearer", async () => {
    const victim = await buildUser(ctx, { name: 'Link Victim' });
    const madeUp = 'A'.repeat(43);
    const reset = { token: madeUp, password: 'a new password', confirmPassword: 'a new password' };
    const bearers: Record<string, string>[] = [{}, { authorization: `Bearer ${attacker.token}` }];
    for (const headers of bearers) {
      for (const prefix of ['/api/v1', '/v1']) {
        // A session (the attacker's own) makes no link valid.
        const verify = await send(
          ctx,
          'POST',
          prefix,
          {
            path: '/auth/verify-email',
            body: { token: madeUp },
          },
          headers,
        );
        expect(verify.statusCode).toBe(400);
        expect(verify.json().code).toBe('LINK_INVALID');
        const res = await send(
          ctx,
          'POST',
          prefix,
          { path: '/auth/reset-password', body: reset },
          headers,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('LINK_INVALID');
        // Asking for a reset answers the same for the victim's email and for nobody's.
        const forVictim = await send(
          ctx,
          'POST',
          prefix,
          {
            path: '/auth/forgot-password',
            body: { email: victim.email },
          },
          headers,
        );
        const forNobody = await send(
          ctx,
          'POST',
          prefix,
          {
            path: '/auth/forgot-password',
            body: { email: 'nobody@example.test' },
          },
          headers,
        );
        expect(forVictim.statusCode).toBe(202);
        expect(forVictim.body).toBe(forNobody.body);
      }
    }
    // The victim's session and password are as they were.
    const own = await call(ctx.app, 'GET', `/api/v1/user?id=${victim.id}`, { token: victim.token });
    expect(own.statusCode).toBe(200);
  });

  describe.each(Object.entries(RECIPES))('%s', (key, recipe) => {
    const method = methodOf(key);
    let owner: Fixture;
    let victim: Fixture;
    let loggedOutToken: string;
    let deletedSessionToken: string;

    async function fixture(name: string): Promise<Fixture> {
      const user = await buildUser(ctx, { name });
      return { user, ...(await recipe.setup?.(ctx, user)) };
    }

    beforeAll(async () => {
      owner = await fixture('Olivia Owner');
      victim = await fixture('Victor Victim');
      const now = ctx.clock.now();
      const policy = {
        idleDays: ctx.env.SESSION_IDLE_DAYS,
        absoluteDays: ctx.env.SESSION_ABSOLUTE_DAYS,
      };
      // A session ended by the owner's logout, and one deleted from the database.
      loggedOutToken = await createSession(ctx.db, owner.user.id, now, policy);
      const logout = await call(ctx.app, 'POST', '/api/v1/auth/logout', {
        token: loggedOutToken,
      });
      expect(logout.statusCode).toBe(200);
      deletedSessionToken = await createSession(ctx.db, owner.user.id, now, policy);
      await ctx.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(deletedSessionToken)));
    });

    /** Runs the owner's calls with the headers, expecting 401 and no change to the owner's rows. */
    async function expectRefused(headers: Record<string, string>, label: string) {
      const before = await dumpUserRows(ctx, owner.user.id);
      for (const prefix of ['/api/v1', '/v1']) {
        for (const request of recipe.calls(owner)) {
          const res = await send(ctx, method, prefix, request, headers);
          expectUnauthorized(res, `${label}: ${method} ${prefix}${request.path}`);
          expect(res.body).not.toContain(owner.user.email);
          if (method === 'GET') {
            const head = await send(ctx, 'HEAD', prefix, request, headers);
            expectUnauthorized(head, `${label}: HEAD ${prefix}${request.path}`);
          }
        }
      }
      expect(await dumpUserRows(ctx, owner.user.id)).toEqual(before);
    }

    it('answers 401 with no token', async () => {
      await expectRefused({}, 'no token');
    });

    it('answers 401 with a malformed or unknown token', async () => {
      const token = owner.user.token;
      const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      const headers = [
        'Bearer abc',
        'Bearer',
        'Bearer ',
        token,
        `Basic ${token}`,
        `Bearer ${token} ${token}`,
        `Bearer ${flipped}`,
        `Bearer ${'A'.repeat(43)}`,
        `Bearer ${token}=`,
      ];
      for (const authorization of headers) {
        await expectRefused({ authorization }, `authorization ${JSON.stringify(authorization)}`);
      }
    });

    it('answers 401 with the token of a session ended by logout', async () => {
      await expectRefused({ authorization: `Bearer ${loggedOutToken}` }, 'logged-out session');
    });

    it('answers 401 with the token of a session deleted from the database', async () => {
      await expectRefused({ authorization: `Bearer ${deletedSessionToken}` }, 'deleted session');
    });

    it('answers 401 once the session has expired (31 days on)', async () => {
      const start = ctx.clock.now();
      ctx.clock.advanceDays(31);
      try {
        await expectRefused({ authorization: `Bearer ${owner.user.token}` }, 'expired session');
      } finally {
        ctx.clock.set(start);
      }
    });

    it("never touches another user's rows with the caller's valid token", async () => {
      const before = await dumpUserRows(ctx, victim.user.id);
      if (recipe.namesUser === false) {
        // The route acts on the caller alone: a stranger's own call leaves the victim as they were.
        const stranger = await fixture('Stranger');
        for (const request of recipe.calls(stranger)) {
          const res = await send(ctx, method, '/api/v1', request, {
            authorization: `Bearer ${stranger.user.token}`,
          });
          expect(res.statusCode, res.body).toBe(recipe.ownerStatus);
          expect(res.body).not.toContain(victim.user.id);
          expect(res.body).not.toContain(victim.user.email);
        }
      }
      // The victim's ids answer 404, as if they did not exist.
      const attacks = [
        ...(recipe.namesUser === false ? [] : recipe.calls(victim)),
        ...(recipe.foreignRows?.(victim, attacker) ?? []),
      ];
      for (const prefix of ['/api/v1', '/v1']) {
        for (const request of attacks) {
          const res = await send(ctx, method, prefix, request, {
            authorization: `Bearer ${attacker.token}`,
          });
          const label = `${method} ${prefix}${request.path}`;
          if (recipe.foreignStatus === undefined) {
            expectNotFound(res, label, victim.user);
          } else {
            expect(res.statusCode, label).toBe(recipe.foreignStatus);
            expect(res.body, label).not.toContain(victim.user.email);
          }
        }
      }
      expect(await dumpUserRows(ctx, victim.user.id)).toEqual(before);
      // The victim's own session still works.
      const own = await call(ctx.app, 'GET', `/api/v1/user?id=${victim.user.id}`, {
        token: victim.user.token,
      });
      expect(own.statusCode).toBe(200);
    });

    // Last, as it may change the owner's rows: proves each recipe is a call the route accepts,
    // so the 401s and 404s above come from the token and the ids, not from a broken request.
    it("answers the owner's own token", async () => {
      const requests = recipe.calls(owner);
      const res = await send(ctx, method, '/api/v1', requests[0]!, {
        authorization: `Bearer ${owner.user.token}`,
      });
      expect(res.statusCode, res.body).toBe(recipe.ownerStatus);
      for (const request of requests.slice(1)) {
        const again = await send(ctx, method, '/v1', request, {
          authorization: `Bearer ${owner.user.token}`,
        });
        expect(again.statusCode, again.body).toBeLessThan(300);
      }
    });
  });

  describe('the /v1 mirror', () => {
    it('answers exactly as /api/v1 does, for the owner and for another user', async () => {
      const owner = await buildUser(ctx, { name: 'Mirror Owner' });
      const goal = await buildGoal(ctx, owner);
      const task = await buildTask(ctx, owner, goal.id);
      for (const path of [`/user?id=${owner.id}`, `/goal?id=${owner.id}`, `/task?id=${owner.id}`]) {
        const api = await call(ctx.app, 'GET', `/api/v1${path}`, { token: owner.token });
        const mirror = await call(ctx.app, 'GET', `/v1${path}`, { token: owner.token });
        expect(api.statusCode).toBe(200);
        expect(mirror.statusCode).toBe(200);
        expect(mirror.json()).toEqual(api.json());
        const stranger = await call(ctx.app, 'GET', `/v1${path}`, { token: attacker.token });
        expect(stranger.statusCode).toBe(404);
      }
      const before = await dumpUserRows(ctx, owner.id);
      const stolen = await call(ctx.app, 'DELETE', `/v1/task?taskId=${task.id}`, {
        token: attacker.token,
      });
      expect(stolen.statusCode).toBe(404);
      expect(await dumpUserRows(ctx, owner.id)).toEqual(before);
      const own = await call(ctx.app, 'DELETE', `/v1/task?taskId=${task.id}`, {
        token: owner.token,
      });
      expect(own.statusCode).toBe(200);
      expect((await dumpUserRows(ctx, owner.id)).tasks).toEqual([]);
    });
  });

  describe('session lifetime', () => {
    it('ends a session left unused for more than 14 days', async () => {
      const user = await buildUser(ctx);
      const start = ctx.clock.now();
      try {
        ctx.clock.advanceDays(13);
        expect(
          (await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token }))
            .statusCode,
        ).toBe(200);
        ctx.clock.advanceDays(14.5);
        expect(
          (await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token }))
            .statusCode,
        ).toBe(401);
      } finally {
        ctx.clock.set(start);
      }
    });

    it('ends a session 30 days after sign-in however often it is used', async () => {
      const user = await buildUser(ctx);
      const start = ctx.clock.now();
      const get = () => call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token });
      try {
        for (const day of [10, 20, 29]) {
          ctx.clock.set(new Date(start.getTime() + day * 86_400_000));
          expect((await get()).statusCode, `day ${day}`).toBe(200);
        }
        ctx.clock.set(new Date(start.getTime() + 30 * 86_400_000 + 1000));
        expect((await get()).statusCode).toBe(401);
      } finally {
        ctx.clock.set(start);
      }
    });
  });
});
