import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, sendRaw, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import {
  backgroundsOfTier,
  buildGoal,
  buildTask,
  buildUser,
  buildWonGoal,
  dumpUserRows,
  type TestUser,
} from '../../../test/factories';
import { userBackgrounds } from '../../db/schema';
import { API, goalRequests } from './goal.test-helpers';

describe('goal routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { goalUrl, createGoal } = goalRequests(ctx);

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
});
