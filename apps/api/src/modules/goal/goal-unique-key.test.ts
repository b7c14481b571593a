import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildGoal, buildUser } from '../../../test/factories';
import { goals } from '../../db/schema';

const GENERIC_500 = 'Something went wrong on our side. Please try again later.';

/**
 * GOAL_IN_PROGRESS from the database comes from its one-goal-in-progress index only (decision 034):
 * an insert refused by any other unique key is a fault of ours and answers 500, not a 409 that
 * would send the user looking for a goal that is not there.
 */
describe('a new goal turns only the one-goal-in-progress index into 409', () => {
  const ctx = useTestApp();

  it('a violation of another unique key answers 500 with the generic message and starts no goal', async () => {
    const user = await buildUser(ctx);
    await buildGoal(ctx, user, { status: 'Completed', earned: 50_000, backgroundRewardId: null });
    const createGoal = () =>
      call(ctx.app, 'POST', `/api/v1/goal?id=${user.id}`, {
        token: user.token,
        body: { target: 100_000 },
      });
    const statuses = async () =>
      (await ctx.db.select().from(goals).where(eq(goals.userId, user.id))).map((g) => g.status);
    // A unique key that is not the one-goal-in-progress index: one goal per user, ever.
    await ctx.db.execute(sql`CREATE UNIQUE INDEX goals_one_per_user_test ON goals (user_id)`);
    try {
      expectFail(await createGoal(), 500, 'INTERNAL_ERROR', { message: GENERIC_500 });
      expect(await statuses()).toEqual(['Completed']);
    } finally {
      await ctx.db.execute(sql`DROP INDEX goals_one_per_user_test`);
    }
    // The same request starts the goal once the database takes it: the 500 was that key's.
    expect((await createGoal()).statusCode).toBe(201);
    expect((await statuses()).sort()).toEqual(['Completed', 'OnProgress']);
  });
});
