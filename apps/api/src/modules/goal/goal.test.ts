import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, sendRaw, useTestApp } from '../../../test/app';
import { badAuthHeaders, expectFail } from '../../../test/assertions';
import {
  backgroundsOfTier,
  buildGoal,
  buildTask,
  buildUser,
  buildWonGoal,
  dumpUserRows,
  type TestUser,
} from '../../../test/factories';
import { goals, userBackgrounds } from '../../db/schema';

const API = '/api/v1';

describe('goal routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const goalUrl = (user: TestUser, path = '') => `${API}/goal${path}?id=${user.id}`;
  const getGoal = (user: TestUser) => call(ctx.app, 'GET', goalUrl(user), { token: user.token });
  const createGoal = (user: TestUser, target: unknown) =>
    call(ctx.app, 'POST', goalUrl(user), { token: user.token, body: { target } });

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

  describe('PATCH /goal', () => {
    const patchGoal = (user: TestUser, body: unknown) =>
      call(ctx.app, 'PATCH', goalUrl(user), { token: user.token, body });

    it('changes the target and the tier of the goal in progress, nothing else', async () => {
      const user = await buildUser(ctx);
      const row = await buildGoal(ctx, user, { target: 50_000, earned: 20_000, taskCompleted: 3 });
      const res = await patchGoal(user, { target: 400_000 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: row.id,
        target: 400_000,
        tier: 3,
        earned: 20_000,
        taskCompleted: 3,
        completionPercent: 5,
        status: 'OnProgress',
        completedAt: null,
      });
      const second = await call(ctx.app, 'PATCH', `/v1/goal?id=${user.id}`, {
        token: user.token,
        body: { target: 250_000 },
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().data).toMatchObject({ target: 250_000, tier: 2 });
      expect((await getGoal(user)).json().data).toMatchObject({ target: 250_000, tier: 2 });
    });

    it.each([
      ['below', 120_000, 100_000, 120],
      ['exactly at', 100_000, 100_000, 100],
    ])(
      'completes the goal when the new target is %s the points earned',
      async (_label, earned, target, percent) => {
        const user = await buildUser(ctx);
        await buildGoal(ctx, user, { target: 150_000, earned });
        ctx.clock.advance(60_000);
        const res = await patchGoal(user, { target });
        expect(res.statusCode).toBe(200);
        const goal = res.json().data;
        const tier1 = await backgroundsOfTier(ctx, 1);
        expect(goal).toMatchObject({
          target,
          earned,
          completionPercent: percent,
          status: 'Completed',
          completedAt: ctx.clock.now().toISOString(),
          hasClaimedReward: false,
        });
        // A tier I background the user does not own yet (they own First Light).
        const unowned = tier1.filter((b) => b.slug !== 'first-light').map((b) => b.id);
        expect(unowned).toContain(goal.backgroundRewardId);
        // Completed with its reward unclaimed: no new goal starts through PATCH either.
        const before = await dumpUserRows(ctx, user.id);
        expectFail(await patchGoal(user, { target: 500_000 }), 409, 'REWARD_UNCLAIMED');
        expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      },
    );

    it('starts the goal with the target for a user who never had one (onboarding step 2)', async () => {
      const user = await buildUser(ctx);
      const res = await patchGoal(user, { target: 200_000 });
      expect(res.statusCode).toBe(200);
      const goal = res.json().data;
      expect(goal).toEqual({
        id: expect.any(String),
        target: 200_000,
        earned: 0,
        completionPercent: 0,
        taskCompleted: 0,
        status: 'OnProgress',
        tier: 2,
        hasClaimedReward: false,
        backgroundRewardId: null,
        createdAt: ctx.clock.now().toISOString(),
        completedAt: null,
      });
      expect((await getGoal(user)).json().data).toEqual(goal);
      // A second PATCH changes that goal; it does not start another.
      const again = await patchGoal(user, { target: 50_000 });
      expect(again.json().data).toMatchObject({ id: goal.id, target: 50_000, tier: 1 });
      expect((await dumpUserRows(ctx, user.id)).goals).toHaveLength(1);
    });

    it.each([
      ['its reward claimed', true],
      ['nothing won', false],
    ])('starts a new goal after a completed one with %s', async (_label, wonReward) => {
      const user = await buildUser(ctx);
      const [reward] = await backgroundsOfTier(ctx, 1);
      const old = await buildGoal(ctx, user, {
        earned: 50_000,
        status: 'Completed',
        hasClaimedReward: wonReward,
        backgroundRewardId: wonReward ? reward!.id : null,
      });
      ctx.clock.advance(60_000);
      const res = await patchGoal(user, { target: 500_000 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ target: 500_000, tier: 3, status: 'OnProgress' });
      expect(res.json().data.id).not.toBe(old.id);
      const rows = (await dumpUserRows(ctx, user.id)).goals;
      expect(rows.map((g) => g.status).sort()).toEqual(['Completed', 'OnProgress']);
      expect(rows.find((g) => g.id === old.id)).toMatchObject({ target: 50_000 });
    });

    it('answers 409 REWARD_UNCLAIMED while the won background is unclaimed, changing nothing', async () => {
      const user = await buildUser(ctx);
      const [reward] = await backgroundsOfTier(ctx, 1);
      await buildWonGoal(ctx, user, reward!);
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await patchGoal(user, { target: 100_000 }), 409, 'REWARD_UNCLAIMED');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('refuses an invalid target for a user with no goal with a 400, starting nothing', async () => {
      const user = await buildUser(ctx);
      expectFail(await patchGoal(user, { target: 123_456 }), 400, 'VALIDATION_ERROR');
      expect((await dumpUserRows(ctx, user.id)).goals).toEqual([]);
    });

    it.each([
      ['no target', {}],
      ['earned points', { earned: 50_000 }],
      ['a target and earned points', { target: 100_000, earned: 100_000 }],
      ['a status', { target: 100_000, status: 'Completed' }],
      ['a claim flag', { target: 100_000, hasClaimedReward: true }],
      ['a task count', { target: 100_000, taskCompleted: 99 }],
      ['an invalid target', { target: 123_456 }],
      ['a target over the maximum', { target: 1_000_000 }],
      ['a fractional target', { target: 99_999.5 }],
      ['a string target', { target: '100000' }],
      ['2^53', { target: 2 ** 53 }],
      ['a negative target', { target: -100_000 }],
      ['null', null],
    ])('refuses %s with a 400 and changes nothing', async (_label, body) => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user, { target: 150_000, earned: 10_000 });
      const before = await dumpUserRows(ctx, user.id);
      const res = await call(ctx.app, 'PATCH', goalUrl(user), {
        token: user.token,
        body: body === null ? 'null' : body,
        headers: { 'content-type': 'application/json' },
      });
      expectFail(res, 400, 'VALIDATION_ERROR');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      ['1e309', '{"target":1e309}', 400, 'VALIDATION_ERROR'],
      ['malformed JSON', '{"target":100000', 400, 'BAD_REQUEST'],
      [
        'a body over 64 KB',
        JSON.stringify({ target: 100_000, x: 'y'.repeat(66_000) }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ])('refuses %s and changes nothing', async (_label, payload, status, code) => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user, { target: 150_000 });
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await sendRaw(ctx.app, 'PATCH', goalUrl(user), user.token, payload), status, code);
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });
  });

  describe('POST /goal/claim', () => {
    const claim = (user: TestUser) =>
      call(ctx.app, 'POST', goalUrl(user, '/claim'), { token: user.token });

    it('grants the background once and answers the goal and the background', async () => {
      const user = await buildUser(ctx);
      const [, , reward] = await backgroundsOfTier(ctx, 1);
      const goal = await buildWonGoal(ctx, user, reward!);
      const res = await claim(user);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        goal: expect.objectContaining({
          id: goal.id,
          hasClaimedReward: true,
          backgroundRewardId: reward!.id,
          status: 'Completed',
        }),
        background: {
          id: reward!.id,
          name: reward!.name,
          URL: `${ctx.env.PUBLIC_URL}${reward!.url}`,
          tier: 1,
        },
      });
      const owned = await ctx.db
        .select()
        .from(userBackgrounds)
        .where(
          and(eq(userBackgrounds.userId, user.id), eq(userBackgrounds.backgroundId, reward!.id)),
        );
      expect(owned).toHaveLength(1);
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await claim(user), 409, 'REWARD_ALREADY_CLAIMED', {
        message: 'The reward was already claimed',
      });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('answers 409 GOAL_NOT_COMPLETED before any goal and while the goal is in progress', async () => {
      const user = await buildUser(ctx);
      expectFail(await claim(user), 409, 'GOAL_NOT_COMPLETED', {
        message: 'There is no goal yet',
      });
      await buildGoal(ctx, user, { target: 100_000, earned: 99_000 });
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await claim(user), 409, 'GOAL_NOT_COMPLETED', {
        message: 'The goal is not completed yet',
      });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('answers 409 NO_REWARD when the goal won nothing', async () => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user, { earned: 50_000, status: 'Completed', backgroundRewardId: null });
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await claim(user), 409, 'NO_REWARD', {
        message: 'Every background of this tier is already yours',
      });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('accepts an empty JSON object under /v1, and refuses any other body', async () => {
      const user = await buildUser(ctx);
      const [, reward] = await backgroundsOfTier(ctx, 2);
      await buildWonGoal(ctx, user, reward!, 200_000);
      const before = await dumpUserRows(ctx, user.id);
      const withField = await call(ctx.app, 'POST', goalUrl(user, '/claim'), {
        token: user.token,
        body: { backgroundId: reward!.id },
      });
      expectFail(withField, 400, 'VALIDATION_ERROR');
      expectFail(
        await sendRaw(ctx.app, 'POST', goalUrl(user, '/claim'), user.token, '{"x":'),
        400,
        'BAD_REQUEST',
      );
      expectFail(
        await sendRaw(
          ctx.app,
          'POST',
          goalUrl(user, '/claim'),
          user.token,
          `"${'x'.repeat(70_000)}"`,
        ),
        413,
        'PAYLOAD_TOO_LARGE',
      );
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      const ok = await call(ctx.app, 'POST', `/v1/goal/claim?id=${user.id}`, {
        token: user.token,
        body: {},
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.background).toMatchObject({ id: reward!.id, tier: 2 });
    });

    it('grants a reward the user somehow owns already without a second ownership row', async () => {
      const user = await buildUser(ctx);
      const [firstLight] = await backgroundsOfTier(ctx, 1);
      await buildWonGoal(ctx, user, firstLight!);
      const res = await claim(user);
      expect(res.statusCode).toBe(200);
      const rows = await dumpUserRows(ctx, user.id);
      expect(rows.backgrounds.map((b) => b.backgroundId)).toEqual([firstLight!.id]);
    });
  });

  describe('rewards drawn on completion', () => {
    /** Completes the user's goal through the API by completing one OnGoing task. */
    async function completeThroughTask(user: TestUser, target: number) {
      const goal = await buildGoal(ctx, user, { target, earned: target - 1_000 });
      const task = await buildTask(ctx, user, goal.id, { mood: 'Happy' });
      const res = await call(
        ctx.app,
        'POST',
        `${API}/task/completed?taskId=${task.id}&userId=${user.id}`,
        { token: user.token },
      );
      expect(res.statusCode).toBe(200);
      return res.json().data;
    }

    it('draws the only tier I background the user does not own', async () => {
      const user = await buildUser(ctx);
      const tier1 = await backgroundsOfTier(ctx, 1);
      const missing = tier1.find((b) => b.slug === 'soft-hills')!;
      for (const b of tier1) {
        if (b.slug === 'first-light' || b.id === missing.id) continue;
        await ctx.db
          .insert(userBackgrounds)
          .values({ userId: user.id, backgroundId: b.id, acquiredAt: ctx.clock.now() });
      }
      const goal = await completeThroughTask(user, 50_000);
      expect(goal).toMatchObject({ status: 'Completed', backgroundRewardId: missing.id });
    });

    it('draws nothing when the user owns every background of the tier, and then lets a new goal start', async () => {
      const user = await buildUser(ctx);
      for (const b of await backgroundsOfTier(ctx, 3)) {
        await ctx.db
          .insert(userBackgrounds)
          .values({ userId: user.id, backgroundId: b.id, acquiredAt: ctx.clock.now() });
      }
      const goal = await completeThroughTask(user, 450_000);
      expect(goal).toMatchObject({ status: 'Completed', tier: 3, backgroundRewardId: null });
      expectFail(
        await call(ctx.app, 'POST', goalUrl(user, '/claim'), { token: user.token }),
        409,
        'NO_REWARD',
      );
      ctx.clock.advance(60_000);
      expect((await createGoal(user, 50_000)).statusCode).toBe(201);
    });

    it.each([
      [2 as const, 300_000],
      [3 as const, 500_000],
    ])('draws a background of tier %i for a goal of that tier', async (tier, target) => {
      const user = await buildUser(ctx);
      const goal = await completeThroughTask(user, target);
      const ids = (await backgroundsOfTier(ctx, tier)).map((b) => b.id);
      expect(goal.tier).toBe(tier);
      expect(ids).toContain(goal.backgroundRewardId);
    });
  });

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

  describe('the whole loop', () => {
    it('creates a 50,000 goal, completes tasks until it is reached, claims, selects, and starts again', async () => {
      const user = await buildUser(ctx, { hasOnboarded: true });
      const created = await createGoal(user, 50_000);
      expect(created.statusCode).toBe(201);
      const goalId = created.json().data.id;

      let earned = 0;
      let completedCount = 0;
      let last: Record<string, unknown> = created.json().data;
      for (let round = 0; round < 40 && last.status !== 'Completed'; round += 1) {
        ctx.clock.advance(60_000);
        const generated = await call(
          ctx.app,
          'GET',
          `${API}/task/generated?id=${user.id}&mood=Depressed`,
          { token: user.token },
        );
        expect(generated.statusCode).toBe(200);
        const suggestion = generated.json().data;
        expect(suggestion.mood).toBe('Depressed');
        const accepted = await call(ctx.app, 'POST', `${API}/task?id=${user.id}`, {
          token: user.token,
          body: { ...suggestion, status: 'OnGoing' },
        });
        expect(accepted.statusCode).toBe(201);
        const task = accepted.json().data;
        expect(task).toMatchObject({ goalId, status: 'OnGoing', points: suggestion.points });
        const done = await call(
          ctx.app,
          'POST',
          `${API}/task/completed?taskId=${task.id}&userId=${user.id}`,
          { token: user.token },
        );
        expect(done.statusCode).toBe(200);
        earned += task.points;
        completedCount += 1;
        last = done.json().data;
        expect(last).toMatchObject({
          id: goalId,
          earned,
          taskCompleted: completedCount,
          completionPercent: Math.floor((earned * 100) / 50_000),
          status: earned >= 50_000 ? 'Completed' : 'OnProgress',
        });
      }
      expect(last.status).toBe('Completed');
      expect(last.completedAt).toBe(ctx.clock.now().toISOString());
      const tier1 = await backgroundsOfTier(ctx, 1);
      const rewardId = last.backgroundRewardId as string;
      const reward = tier1.find((b) => b.id === rewardId);
      expect(reward).toBeDefined();
      expect(reward!.slug).not.toBe('first-light');

      // The totals match the rows.
      const rows = await dumpUserRows(ctx, user.id);
      const completedRows = rows.tasks.filter((t) => t.status === 'Completed');
      expect(completedRows).toHaveLength(completedCount);
      expect(completedRows.reduce((sum, t) => sum + t.points, 0)).toBe(earned);

      // While the goal is completed: no generation, no new task, no new goal before the claim.
      const blocked = await call(ctx.app, 'GET', `${API}/task/generated?id=${user.id}`, {
        token: user.token,
      });
      expectFail(blocked, 409, 'GOAL_ALREADY_COMPLETED', {
        message: 'Tasks can only be generated when your goal is not yet completed',
      });
      expectFail(await createGoal(user, 100_000), 409, 'REWARD_UNCLAIMED');

      const claimed = await call(ctx.app, 'POST', goalUrl(user, '/claim'), { token: user.token });
      expect(claimed.statusCode).toBe(200);
      expect(claimed.json().data.goal).toMatchObject({ id: goalId, hasClaimedReward: true });
      expect(claimed.json().data.background).toMatchObject({ id: rewardId });

      const owned = await call(ctx.app, 'GET', `${API}/background/user/${user.id}`, {
        token: user.token,
      });
      expect(owned.statusCode).toBe(200);
      const firstLight = tier1.find((b) => b.slug === 'first-light')!;
      expect(
        owned
          .json()
          .data.map((o: { backgroundId: string }) => o.backgroundId)
          .sort(),
      ).toEqual([firstLight.id, rewardId].sort());

      const selected = await call(ctx.app, 'PATCH', `${API}/background/user?id=${user.id}`, {
        token: user.token,
        body: { backgroundId: rewardId },
      });
      expect(selected.statusCode).toBe(200);
      expect(selected.json().data).toMatchObject({ id: rewardId, name: reward!.name });
      const me = await call(ctx.app, 'GET', `${API}/user?id=${user.id}`, { token: user.token });
      expect(me.json().data.selectedBackgroundURL).toBe(`${ctx.env.PUBLIC_URL}${reward!.url}`);

      ctx.clock.advance(60_000);
      const next = await createGoal(user, 100_000);
      expect(next.statusCode).toBe(201);
      expect((await getGoal(user)).json().data).toMatchObject({
        id: next.json().data.id,
        status: 'OnProgress',
        earned: 0,
      });
      // Oldest first (issue 15): the goal just completed, then the new one.
      const all = await call(ctx.app, 'GET', goalUrl(user, '/all'), { token: user.token });
      expect(all.json().data.map((g: { id: string }) => g.id)).toEqual([
        goalId,
        next.json().data.id,
      ]);
    });
  });
});
