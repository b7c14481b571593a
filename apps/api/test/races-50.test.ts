import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diaries, goals, tasks, taskTemplates, userBackgrounds } from '../src/db/schema';
import { call, race, useTestApp } from './app';
import { expectGoalTotalsMatchRows, tally } from './assertions';
import { TEST_DB } from './database';
import {
  backgroundsOfTier,
  buildGoal,
  buildTask,
  buildUser,
  buildWonGoal,
  pickTemplate,
  type TestUser,
} from './factories';

/**
 * Fifty copies of each once-only action at once: each takes effect exactly once, and every total
 * the server keeps (a goal's points and task count, the backgrounds owned) equals what the rows add
 * up to. On PostgreSQL (TEST_DB=postgres) the requests really run side by side, through the app's
 * pool of 10 connections.
 */
const RACERS = 50;
const API = '/api/v1';

describe(`${RACERS} concurrent requests take effect once (${TEST_DB})`, () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const post = (user: TestUser, path: string, body?: unknown) =>
    call(ctx.app, 'POST', `${API}${path}`, { token: user.token, body });

  /** Every goal's points and count equal its completed tasks; the API shows the same. */
  async function expectTotalsMatchRows(user: TestUser) {
    const allGoals = await expectGoalTotalsMatchRows(ctx, user.id);
    const shown = await call(ctx.app, 'GET', `${API}/goal/all?id=${user.id}`, {
      token: user.token,
    });
    expect(shown.statusCode).toBe(200);
    for (const goal of shown.json().data as { id: string; earned: number }[]) {
      expect(goal.earned).toBe(allGoals.find((g) => g.id === goal.id)!.earned);
    }
  }

  /** The backgrounds the API says the user owns are exactly the ownership rows. */
  async function expectOwnedMatchRows(user: TestUser) {
    const rows = await ctx.db
      .select()
      .from(userBackgrounds)
      .where(eq(userBackgrounds.userId, user.id));
    const shown = await call(ctx.app, 'GET', `${API}/background/user/${user.id}`, {
      token: user.token,
    });
    expect(shown.statusCode).toBe(200);
    const ids = (shown.json().data as { backgroundId: string }[]).map((o) => o.backgroundId).sort();
    expect(ids).toEqual(rows.map((r) => r.backgroundId).sort());
    expect(new Set(ids).size).toBe(ids.length);
    return rows;
  }

  it(`completing the same task ${RACERS} times at once credits it once`, async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 500_000 });
    const task = await buildTask(ctx, user, goal.id, { mood: 'Sad', offset: 3 });
    const answers = await race(RACERS, () =>
      post(user, `/task/completed?taskId=${task.id}&userId=${user.id}`),
    );
    expect(tally(answers)).toEqual({ '200': 1, '409 TASK_NOT_ONGOING': RACERS - 1 });
    const [after] = await ctx.db.select().from(goals).where(eq(goals.id, goal.id));
    expect(after).toMatchObject({ earned: task.points, taskCompleted: 1, status: 'OnProgress' });
    await expectTotalsMatchRows(user);
  });

  it(`completing the task that reaches the target ${RACERS} times at once completes the goal once`, async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 50_000 });
    // Completed tasks bring the goal within one task of its target; the last one crosses it.
    const catalogue = await ctx.db
      .select()
      .from(taskTemplates)
      .where(eq(taskTemplates.mood, 'Depressed'))
      .orderBy(taskTemplates.slug);
    const biggest = catalogue.reduce((a, b) => (b.points > a.points ? b : a));
    let earned = 0;
    let completed = 0;
    for (const [offset, template] of catalogue.entries()) {
      if (earned + biggest.points >= 50_000) break;
      if (template === biggest) continue;
      await buildTask(ctx, user, goal.id, { mood: 'Depressed', offset, status: 'Completed' });
      earned += template.points;
      completed += 1;
    }
    expect(earned).toBeLessThan(50_000);
    expect(earned + biggest.points).toBeGreaterThanOrEqual(50_000);
    await ctx.db
      .update(goals)
      .set({ earned, taskCompleted: completed })
      .where(eq(goals.id, goal.id));
    const last = await buildTask(ctx, user, goal.id, {
      mood: 'Depressed',
      offset: catalogue.indexOf(biggest),
    });
    const answers = await race(RACERS, () =>
      post(user, `/task/completed?taskId=${last.id}&userId=${user.id}`),
    );
    expect(tally(answers)).toEqual({ '200': 1, '409 TASK_NOT_ONGOING': RACERS - 1 });
    const [after] = await ctx.db.select().from(goals).where(eq(goals.id, goal.id));
    expect(after).toMatchObject({
      earned: earned + last.points,
      taskCompleted: completed + 1,
      status: 'Completed',
      completedAt: ctx.clock.now(),
    });
    const tier1 = (await backgroundsOfTier(ctx, 1)).map((b) => b.id);
    expect(tier1).toContain(after!.backgroundRewardId);
    await expectTotalsMatchRows(user);
  });

  it(`claiming a reward ${RACERS} times at once grants it once`, async () => {
    const user = await buildUser(ctx);
    const reward = (await backgroundsOfTier(ctx, 2))[2]!;
    const goal = await buildWonGoal(ctx, user, reward, 200_000);
    const before = await expectOwnedMatchRows(user);
    const answers = await race(RACERS, () => post(user, `/goal/claim?id=${user.id}`));
    expect(tally(answers)).toEqual({ '200': 1, '409 REWARD_ALREADY_CLAIMED': RACERS - 1 });
    const rows = await expectOwnedMatchRows(user);
    expect(rows).toHaveLength(before.length + 1);
    expect(rows.filter((r) => r.backgroundId === reward.id)).toHaveLength(1);
    const [after] = await ctx.db.select().from(goals).where(eq(goals.id, goal.id));
    expect(after!.hasClaimedReward).toBe(true);
  });

  it(`creating a goal ${RACERS} times at once creates exactly one`, async () => {
    const user = await buildUser(ctx);
    const targets = [50_000, 100_000, 250_000, 400_000, 500_000];
    const answers = await race(RACERS, (i) =>
      post(user, `/goal?id=${user.id}`, { target: targets[i % targets.length] }),
    );
    expect(tally(answers)).toEqual({ '201': 1, '409 GOAL_IN_PROGRESS': RACERS - 1 });
    const rows = await ctx.db.select().from(goals).where(eq(goals.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(answers.find((r) => r.statusCode === 201)!.json().data.id);
  });

  it(`writing today's diary ${RACERS} times at once writes one entry`, async () => {
    const user = await buildUser(ctx);
    const answers = await race(RACERS, (i) =>
      post(user, '/diary', { id: user.id, content: `Entry number ${i}` }),
    );
    expect(tally(answers)).toEqual({ '201': 1, '409 DIARY_ALREADY_WRITTEN': RACERS - 1 });
    const rows = await ctx.db.select().from(diaries).where(eq(diaries.userId, user.id));
    expect(rows).toHaveLength(1);
    const winner = answers.find((r) => r.statusCode === 201)!.json().data;
    const listed = await call(ctx.app, 'GET', `${API}/diary?id=${user.id}`, {
      token: user.token,
    });
    // The list answers each entry with its day's mood too (decision 039): none was set today.
    expect(listed.json().data).toEqual([{ ...winner, mood: null }]);
  });

  it(`accepting ${RACERS} different tasks at once with 9 OnGoing accepts exactly the tenth`, async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 500_000 });
    for (let i = 0; i < 9; i += 1) {
      await buildTask(ctx, user, goal.id, { mood: 'Happy', offset: i });
    }
    const bodies: Record<string, string>[] = [];
    for (let i = 0; i < RACERS; i += 1) {
      const mood = (['Neutral', 'Sad', 'Ecstatic'] as const)[i % 3]!;
      const t = await pickTemplate(ctx, mood, Math.floor(i / 3));
      bodies.push({ templateId: t.id, title: t.title, mood });
    }
    const answers = await race(RACERS, (i) => post(user, `/task?id=${user.id}`, bodies[i]));
    expect(tally(answers)).toEqual({ '201': 1, '409 TOO_MANY_ONGOING_TASKS': RACERS - 1 });
    const ongoing = await ctx.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, user.id), eq(tasks.status, 'OnGoing')));
    expect(ongoing).toHaveLength(10);
  });

  it(`accepting ${RACERS} tasks at once from none stops at 10 OnGoing`, async () => {
    const user = await buildUser(ctx);
    await buildGoal(ctx, user, { target: 500_000 });
    const bodies: Record<string, string>[] = [];
    for (let i = 0; i < RACERS; i += 1) {
      const mood = (['Happy', 'Depressed', 'Sad', 'Neutral', 'Ecstatic'] as const)[i % 5]!;
      const t = await pickTemplate(ctx, mood, Math.floor(i / 5));
      bodies.push({ title: t.title, mood });
    }
    const answers = await race(RACERS, (i) => post(user, `/task?id=${user.id}`, bodies[i]));
    expect(tally(answers)).toEqual({ '201': 10, '409 TOO_MANY_ONGOING_TASKS': RACERS - 10 });
    const rows = await ctx.db.select().from(tasks).where(eq(tasks.userId, user.id));
    expect(rows.filter((t) => t.status === 'OnGoing')).toHaveLength(10);
  });

  it(`completing ten tasks five times each at once credits each once; totals match the rows`, async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 500_000 });
    const created: Awaited<ReturnType<typeof buildTask>>[] = [];
    for (let i = 0; i < 10; i += 1) {
      created.push(await buildTask(ctx, user, goal.id, { mood: 'Neutral', offset: i }));
    }
    const answers = await race(RACERS, (i) =>
      post(user, `/task/completed?taskId=${created[i % 10]!.id}&userId=${user.id}`),
    );
    expect(tally(answers)).toEqual({ '200': 10, '409 TASK_NOT_ONGOING': RACERS - 10 });
    const [after] = await ctx.db.select().from(goals).where(eq(goals.id, goal.id));
    expect(after).toMatchObject({
      earned: created.reduce((sum, t) => sum + t.points, 0),
      taskCompleted: 10,
    });
    await expectTotalsMatchRows(user);
  });
});
