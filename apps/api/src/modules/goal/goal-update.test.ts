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
import { goalRequests } from './goal.test-helpers';

describe('goal routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { goalUrl, getGoal } = goalRequests(ctx);

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
});
