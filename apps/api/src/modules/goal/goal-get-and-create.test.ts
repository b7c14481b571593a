import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, sendRaw, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import {
  backgroundsOfTier,
  buildGoal,
  buildUser,
  buildWonGoal,
  dumpUserRows,
  type TestUser,
} from '../../../test/factories';
import { goals } from '../../db/schema';
import { API, goalRequests } from './goal.test-helpers';

describe('goal routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { goalUrl, getGoal, createGoal } = goalRequests(ctx);

  describe('GET /goal and /goal/all', () => {
    it('answers null and an empty list before the first goal', async () => {
      const user = await buildUser(ctx);
      const current = await getGoal(user);
      expect(current.statusCode).toBe(200);
      expect(current.json()).toEqual({ status: 'success', data: null });
      expect(current.headers['cache-control']).toBe('no-store');
      const all = await call(ctx.app, 'GET', goalUrl(user, '/all'), { token: user.token });
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual({ status: 'success', data: [] });
    });

    it('answers the goal in progress, even when a later goal is completed', async () => {
      const user = await buildUser(ctx);
      const inProgress = await buildGoal(ctx, user, { target: 100_000, earned: 30_000 });
      ctx.clock.advance(60_000);
      const later = await buildGoal(ctx, user, { status: 'Completed', earned: 50_000 });
      const res = await getGoal(user);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBe(inProgress.id);
      const all = await call(ctx.app, 'GET', goalUrl(user, '/all'), { token: user.token });
      expect(all.json().data.map((g: { id: string }) => g.id)).toEqual([inProgress.id, later.id]);
    });

    it('answers the latest goal when none is in progress, and lists them oldest first', async () => {
      const user = await buildUser(ctx);
      const ids: string[] = [];
      for (const target of [50_000, 100_000, 150_000]) {
        const goal = await buildGoal(ctx, user, {
          target,
          earned: target,
          status: 'Completed',
          hasClaimedReward: true,
        });
        ids.push(goal.id);
        ctx.clock.advance(60_000);
      }
      const current = await getGoal(user);
      expect(current.json().data).toMatchObject({ id: ids[2], target: 150_000 });
      const all = await call(ctx.app, 'GET', `/v1/goal/all?id=${user.id}`, { token: user.token });
      expect(all.statusCode).toBe(200);
      expect(all.json().data.map((g: { id: string }) => g.id)).toEqual(ids);
    });

    it('shows every field, with completionPercent = floor(earned * 100 / target)', async () => {
      const user = await buildUser(ctx);
      const row = await buildGoal(ctx, user, {
        target: 150_000,
        earned: 99_999,
        taskCompleted: 17,
      });
      const res = await call(ctx.app, 'GET', `/v1/goal?id=${user.id}`, { token: user.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        id: row.id,
        target: 150_000,
        earned: 99_999,
        completionPercent: 66,
        taskCompleted: 17,
        status: 'OnProgress',
        tier: 1,
        hasClaimedReward: false,
        backgroundRewardId: null,
        createdAt: ctx.clock.now().toISOString(),
        completedAt: null,
      });
    });

    it('shows only the caller’s goals', async () => {
      const user = await buildUser(ctx);
      const other = await buildUser(ctx);
      await buildGoal(ctx, other, { target: 500_000 });
      expect((await getGoal(user)).json().data).toBeNull();
      const all = await call(ctx.app, 'GET', goalUrl(user, '/all'), { token: user.token });
      expect(all.json().data).toEqual([]);
    });

    it.each([
      ['no id', (_u: TestUser) => `${API}/goal`],
      ['an empty id', (_u: TestUser) => `${API}/goal?id=`],
      ['an id over 100 characters', (_u: TestUser) => `${API}/goal?id=${'a'.repeat(101)}`],
      ['the id twice', (u: TestUser) => `${API}/goal?id=${u.id}&id=${u.id}`],
      ['an unknown parameter', (u: TestUser) => `${API}/goal?id=${u.id}&fields=target`],
      ['no id on /all', (_u: TestUser) => `${API}/goal/all`],
      ['an unknown parameter on /all', (u: TestUser) => `${API}/goal/all?id=${u.id}&page=2`],
    ])('refuses %s with a 400', async (_label, url) => {
      const user = await buildUser(ctx);
      expectFail(
        await call(ctx.app, 'GET', url(user), { token: user.token }),
        400,
        'VALIDATION_ERROR',
      );
    });
  });

  describe('POST /goal', () => {
    it('creates a goal in progress and answers it with 201', async () => {
      const user = await buildUser(ctx);
      const res = await createGoal(user, 150_000);
      expect(res.statusCode).toBe(201);
      const goal = res.json().data;
      expect(goal).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        target: 150_000,
        earned: 0,
        completionPercent: 0,
        taskCompleted: 0,
        status: 'OnProgress',
        tier: 1,
        hasClaimedReward: false,
        backgroundRewardId: null,
        createdAt: ctx.clock.now().toISOString(),
        completedAt: null,
      });
      expect((await getGoal(user)).json().data).toEqual(goal);
      const rows = await ctx.db.select().from(goals).where(eq(goals.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: goal.id, userId: user.id, target: 150_000 });
    });

    it('works under the /v1 prefix too', async () => {
      const user = await buildUser(ctx);
      const res = await call(ctx.app, 'POST', `/v1/goal?id=${user.id}`, {
        token: user.token,
        body: { target: 50_000 },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.target).toBe(50_000);
    });

    it.each([
      [50_000, 1],
      [100_000, 1],
      [150_000, 1],
      [200_000, 2],
      [250_000, 2],
      [300_000, 2],
      [350_000, 2],
      [400_000, 3],
      [450_000, 3],
      [500_000, 3],
    ])('gives a target of %i the tier %i', async (target, tier) => {
      const user = await buildUser(ctx);
      const res = await createGoal(user, target);
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ target, tier });
    });

    it.each([
      ['zero', 0],
      ['just under the minimum', 49_999],
      ['just over the minimum', 50_001],
      ['not a multiple of 50,000', 75_000],
      ['one step over the maximum', 550_000],
      ['just over the maximum', 500_001],
      ['negative', -50_000],
      ['fractional', 50_000.5],
      ['huge', 1e308],
      ['2^53', 2 ** 53],
      ['a numeric string', '50000'],
      ['null', null],
      ['a boolean', true],
      ['an array', [50_000]],
      ['an object', { value: 50_000 }],
    ])('refuses a target that is %s with a 400 and creates nothing', async (_label, target) => {
      const user = await buildUser(ctx);
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await createGoal(user, target), 400, 'VALIDATION_ERROR');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      ['no target', {}],
      ['an unknown field', { target: 50_000, earned: 50_000 }],
      ['a status', { target: 50_000, status: 'Completed' }],
      ['a reward', { target: 50_000, backgroundRewardId: '00000000-0000-4000-8000-000000000000' }],
      ['an array body', [{ target: 50_000 }]],
    ])('refuses a body with %s with a 400', async (_label, body) => {
      const user = await buildUser(ctx);
      const before = await dumpUserRows(ctx, user.id);
      const res = await call(ctx.app, 'POST', goalUrl(user), {
        token: user.token,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expectFail(res, 400, 'VALIDATION_ERROR');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      ['a target of 1e309 (Infinity)', '{"target":1e309}', 'VALIDATION_ERROR'],
      ['a truncated body', '{"target":', 'BAD_REQUEST'],
      ['unquoted keys', '{target:50000}', 'BAD_REQUEST'],
      ['an empty body', '', 'BAD_REQUEST'],
      ['a JSON null', 'null', 'VALIDATION_ERROR'],
      ['a prototype key', '{"target":50000,"__proto__":{"earned":50000}}', 'BAD_REQUEST'],
    ])('refuses %s with a 400', async (_label, payload, code) => {
      const user = await buildUser(ctx);
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await sendRaw(ctx.app, 'POST', goalUrl(user), user.token, payload), 400, code);
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('refuses a form body with a 415 and a text body with a 400', async () => {
      const user = await buildUser(ctx);
      const url = goalUrl(user);
      const form = 'application/x-www-form-urlencoded';
      expectFail(
        await sendRaw(ctx.app, 'POST', url, user.token, 'target=50000', form),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      expectFail(
        await sendRaw(ctx.app, 'POST', url, user.token, '{"target":50000}', 'text/plain'),
        400,
        'VALIDATION_ERROR',
      );
      expect((await getGoal(user)).json().data).toBeNull();
    });

    it('refuses a body over 64 KB with a 413', async () => {
      const user = await buildUser(ctx);
      const payload = JSON.stringify({ target: 50_000, pad: 'x'.repeat(70 * 1024) });
      expectFail(
        await sendRaw(ctx.app, 'POST', goalUrl(user), user.token, payload),
        413,
        'PAYLOAD_TOO_LARGE',
      );
      expect((await getGoal(user)).json().data).toBeNull();
    });

    it('answers 409 GOAL_IN_PROGRESS while a goal is in progress', async () => {
      const user = await buildUser(ctx);
      expect((await createGoal(user, 50_000)).statusCode).toBe(201);
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await createGoal(user, 100_000), 409, 'GOAL_IN_PROGRESS');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('answers 409 REWARD_UNCLAIMED while the won background is unclaimed, then 201 after the claim', async () => {
      const user = await buildUser(ctx);
      const [, reward] = await backgroundsOfTier(ctx, 1);
      await buildWonGoal(ctx, user, reward!);
      ctx.clock.advance(60_000);
      expectFail(await createGoal(user, 50_000), 409, 'REWARD_UNCLAIMED', {
        message: 'Claim the reward of your last goal first',
      });
      const claim = await call(ctx.app, 'POST', goalUrl(user, '/claim'), { token: user.token });
      expect(claim.statusCode).toBe(200);
      expect((await createGoal(user, 50_000)).statusCode).toBe(201);
    });

    it('lets a new goal start after a completed goal that won nothing', async () => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user, { earned: 50_000, status: 'Completed', backgroundRewardId: null });
      ctx.clock.advance(60_000);
      const res = await createGoal(user, 200_000);
      expect(res.statusCode).toBe(201);
      expect((await getGoal(user)).json().data.id).toBe(res.json().data.id);
    });
  });
});
