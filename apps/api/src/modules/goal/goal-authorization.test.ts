import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { badAuthHeaders, expectFail } from '../../../test/assertions';
import {
  backgroundsOfTier,
  buildGoal,
  buildUser,
  buildWonGoal,
  dumpUserRows,
  type TestUser,
} from '../../../test/factories';
import { API, goalRequests } from './goal.test-helpers';

describe('goal routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { getGoal } = goalRequests(ctx);

  describe('authentication and ownership', () => {
    const routes: [string, InjectOptions['method'], (u: TestUser) => string, unknown][] = [
      ['GET /goal', 'GET', (u) => `${API}/goal?id=${u.id}`, undefined],
      ['GET /goal/all', 'GET', (u) => `${API}/goal/all?id=${u.id}`, undefined],
      ['POST /goal', 'POST', (u) => `${API}/goal?id=${u.id}`, { target: 50_000 }],
      ['PATCH /goal', 'PATCH', (u) => `${API}/goal?id=${u.id}`, { target: 50_000 }],
      ['POST /goal/claim', 'POST', (u) => `${API}/goal/claim?id=${u.id}`, undefined],
    ];

    it.each(routes)(
      '%s answers 401 without a valid bearer token',
      async (_l, method, url, body) => {
        const user = await buildUser(ctx);
        await buildGoal(ctx, user, { target: 100_000 });
        const before = await dumpUserRows(ctx, user.id);
        for (const [label, headers] of badAuthHeaders(user)) {
          const res = await call(ctx.app, method, url(user), { body, headers });
          expect(res.statusCode, label).toBe(401);
          expectFail(res, 401, 'UNAUTHORIZED');
        }
        expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      },
    );

    it('answers 401 once the session is signed out', async () => {
      const user = await buildUser(ctx);
      expect((await getGoal(user)).statusCode).toBe(200);
      const out = await call(ctx.app, 'POST', `${API}/auth/logout`, { token: user.token });
      expect(out.statusCode).toBe(200);
      expectFail(await getGoal(user), 401, 'UNAUTHORIZED');
    });

    /** The victim in the state where each call would succeed for them. */
    async function victimReadyFor(route: string) {
      const victim = await buildUser(ctx);
      if (route === 'PATCH /goal' || route.startsWith('GET')) {
        await buildGoal(ctx, victim, { target: 100_000, earned: 60_000 });
      }
      if (route === 'POST /goal/claim') {
        const [, reward] = await backgroundsOfTier(ctx, 1);
        await buildWonGoal(ctx, victim, reward!);
      }
      return victim;
    }

    it.each(routes)(
      '%s answers 404 with another user’s id and touches nothing of theirs',
      async (route, method, url, body) => {
        const victim = await victimReadyFor(route);
        const attacker = await buildUser(ctx);
        await buildGoal(ctx, attacker, { target: 500_000 });
        const victimBefore = await dumpUserRows(ctx, victim.id);
        const attackerBefore = await dumpUserRows(ctx, attacker.id);
        const res = await call(ctx.app, method, url(victim), { token: attacker.token, body });
        const err = expectFail(res, 404, 'NOT_FOUND');
        expect(JSON.stringify(err)).not.toContain(victim.id);
        expect(await dumpUserRows(ctx, victim.id)).toEqual(victimBefore);
        expect(await dumpUserRows(ctx, attacker.id)).toEqual(attackerBefore);
        // The same call succeeds for the victim: the 404 came from the id, not the state.
        const own = await call(ctx.app, method, url(victim), { token: victim.token, body });
        expect(own.statusCode).toBeLessThan(300);
      },
    );

    it.each([
      ['POST /goal', 'POST' as const, '/goal', { target: 50_000 }],
      ['PATCH /goal', 'PATCH' as const, '/goal', { target: 50_000 }],
      ['POST /goal/claim', 'POST' as const, '/goal/claim', undefined],
    ])(
      '%s refuses a missing or extra query parameter with a 400',
      async (_l, method, path, body) => {
        const user = await buildUser(ctx);
        await buildGoal(ctx, user, { target: 100_000, earned: 100_000, status: 'Completed' });
        const before = await dumpUserRows(ctx, user.id);
        for (const query of ['', '?id=', `?userId=${user.id}`, `?id=${user.id}&target=50000`]) {
          const res = await call(ctx.app, method, `${API}${path}${query}`, {
            token: user.token,
            body,
          });
          expectFail(res, 400, 'VALIDATION_ERROR');
        }
        expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      },
    );

    it('answers 404 for an id that is nobody’s', async () => {
      const user = await buildUser(ctx);
      for (const id of [
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
        user.id.toUpperCase(),
      ]) {
        expectFail(
          await call(ctx.app, 'GET', `${API}/goal?id=${id}`, { token: user.token }),
          404,
          'NOT_FOUND',
        );
      }
    });
  });
});
