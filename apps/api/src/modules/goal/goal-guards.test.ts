import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { TEST_DB } from '../../../test/database';
import { buildGoal, buildUser, type TestUser } from '../../../test/factories';
import { backgrounds, goals, userBackgrounds } from '../../db/schema';

/**
 * The goal's guards that back each other up, each tested with the other out of the way (decision
 * 034), so deleting either fails a test.
 *
 * Two guards keep a user to one goal in progress: the service's check under the user's row lock,
 * and the database's partial unique index, whose violation the service turns into the same 409.
 * A reward is claimed once: the service's check of the goal it read, and the conditional update
 * that marks it claimed only if it was not.
 */
describe('the guards of goals', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  const goalUrl = (user: TestUser) => `/api/v1/goal?id=${user.id}`;
  const createGoal = (user: TestUser, target: number) =>
    call(ctx.app, 'POST', goalUrl(user), { token: user.token, body: { target } });
  const claim = (user: TestUser) =>
    call(ctx.app, 'POST', `/api/v1/goal/claim?id=${user.id}`, { token: user.token });
  const patchGoal = (user: TestUser, target: number) =>
    call(ctx.app, 'PATCH', goalUrl(user), { token: user.token, body: { target } });
  /** Waits until a statement on this file's database waits on a lock another transaction holds. */
  async function untilOneWaitsOnALock() {
    for (let i = 0; i < 200; i += 1) {
      const { rows } = (await ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const ownedBy = (user: TestUser) =>
    ctx.db
      .select({ id: userBackgrounds.backgroundId })
      .from(userBackgrounds)
      .where(eq(userBackgrounds.userId, user.id))
      .orderBy(userBackgrounds.backgroundId);
  const goalsOf = (user: TestUser) =>
    ctx.db.select().from(goals).where(eq(goals.userId, user.id)).orderBy(goals.createdAt);

  describe("the service's check, without the index", () => {
    /** Runs `work` on this file's database with the unique index gone, and puts it back. */
    async function withoutTheIndex(work: () => Promise<void>) {
      await ctx.db.execute(sql`DROP INDEX goals_one_in_progress_idx`);
      try {
        await work();
      } finally {
        await ctx.db.execute(
          sql`CREATE UNIQUE INDEX goals_one_in_progress_idx ON goals USING btree (user_id) WHERE status = 'OnProgress'`,
        );
      }
    }

    it('a second POST /goal answers 409 GOAL_IN_PROGRESS with its message and inserts nothing', async () => {
      const user = await buildUser(ctx);
      await withoutTheIndex(async () => {
        expect((await createGoal(user, 50_000)).statusCode).toBe(201);
        expectFail(await createGoal(user, 100_000), 409, 'GOAL_IN_PROGRESS', {
          message: 'A goal is already in progress',
        });
        expect((await goalsOf(user)).map((g) => [g.target, g.status])).toEqual([
          [50_000, 'OnProgress'],
        ]);
      });
    });

    it('PATCH /goal with a goal in progress changes its target and starts no second one', async () => {
      const user = await buildUser(ctx);
      await withoutTheIndex(async () => {
        expect((await patchGoal(user, 50_000)).statusCode).toBe(200);
        const res = await patchGoal(user, 100_000);
        expect(res.statusCode, res.body).toBe(200);
        expect((await goalsOf(user)).map((g) => [g.target, g.status])).toEqual([
          [100_000, 'OnProgress'],
        ]);
      });
    });
  });

  // The service takes the user's row lock before it reads, so a second goal can only reach the
  // index through a write that does not take that lock: here an update, in a transaction of its
  // own, that turns a finished goal back to OnProgress after the service read but before it
  // inserted. The embedded database runs one transaction at a time, so this needs PostgreSQL.
  describe.runIf(TEST_DB === 'postgres')('the unique index, past the check', () => {
    it("a goal put in progress by a racing transaction turns the index's violation into 409", async () => {
      const user = await buildUser(ctx);
      const done = await buildGoal(ctx, user, {
        status: 'Completed',
        earned: 50_000,
        backgroundRewardId: null,
      });
      let answer: Awaited<ReturnType<typeof createGoal>> | undefined;
      await ctx.db.transaction(async (tx) => {
        await tx.update(goals).set({ status: 'OnProgress' }).where(eq(goals.id, done.id));
        void createGoal(user, 100_000).then((res) => (answer = res));
        // Wait until the service's insert waits on this transaction's row in the index.
        await untilOneWaitsOnALock();
        expect(answer).toBeUndefined();
      });
      await expect.poll(() => answer?.statusCode, { timeout: 10_000 }).toBe(409);
      expectFail(answer!, 409, 'GOAL_IN_PROGRESS', { message: 'A goal is already in progress' });
      expect((await goalsOf(user)).map((g) => g.status)).toEqual(['OnProgress']);
    });
  });
  describe.runIf(TEST_DB === 'postgres')("the claim's conditional update, past the check", () => {
    it('a claim racing a transaction that marks the reward claimed answers 409 and grants nothing', async () => {
      const user = await buildUser(ctx);
      const [, reward] = await ctx.db
        .select()
        .from(backgrounds)
        .where(eq(backgrounds.tier, 1))
        .orderBy(backgrounds.id);
      const won = await buildGoal(ctx, user, {
        status: 'Completed',
        earned: 50_000,
        backgroundRewardId: reward!.id,
      });
      const ownedBefore = await ownedBy(user);
      let answer: Awaited<ReturnType<typeof claim>> | undefined;
      await ctx.db.transaction(async (tx) => {
        await tx.update(goals).set({ hasClaimedReward: true }).where(eq(goals.id, won.id));
        void claim(user).then((res) => (answer = res));
        // The service read the goal unclaimed; its update now waits on this transaction's row.
        await untilOneWaitsOnALock();
        expect(answer).toBeUndefined();
      });
      await expect.poll(() => answer?.statusCode, { timeout: 10_000 }).toBe(409);
      expectFail(answer!, 409, 'REWARD_ALREADY_CLAIMED', {
        message: 'The reward was already claimed',
      });
      expect(await ownedBy(user)).toEqual(ownedBefore);
    });
  });
});
