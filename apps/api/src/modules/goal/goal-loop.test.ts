import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { backgroundsOfTier, buildUser, dumpUserRows } from '../../../test/factories';
import { API, goalRequests } from './goal.test-helpers';

describe('goal routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { goalUrl, getGoal, createGoal } = goalRequests(ctx);

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
      // Oldest first (decision 030): the goal just completed, then the new one.
      const all = await call(ctx.app, 'GET', goalUrl(user, '/all'), { token: user.token });
      expect(all.json().data.map((g: { id: string }) => g.id)).toEqual([
        goalId,
        next.json().data.id,
      ]);
    });
  });
});
