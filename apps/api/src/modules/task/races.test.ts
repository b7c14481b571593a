import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, race, useTestApp } from '../../../test/app';
import { expectGoalTotalsMatchRows, tally } from '../../../test/assertions';
import {
  backgroundsOfTier,
  buildGoal,
  buildTask,
  buildUser,
  buildWonGoal,
  pickTemplate,
  type TestUser,
} from '../../../test/factories';
import { goals, tasks, userBackgrounds, users } from '../../db/schema';

const API = '/api/v1';
const RACERS = 20;

describe('concurrent requests take effect once', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const completeTask = (user: TestUser, taskId: string) =>
    call(ctx.app, 'POST', `${API}/task/completed?taskId=${taskId}&userId=${user.id}`, {
      token: user.token,
    });
  const deleteTask = (user: TestUser, taskId: string) =>
    call(ctx.app, 'DELETE', `${API}/task?taskId=${taskId}`, { token: user.token });
  const acceptTask = (user: TestUser, body: unknown) =>
    call(ctx.app, 'POST', `${API}/task?id=${user.id}`, { token: user.token, body });
  const createGoal = (user: TestUser, target: number) =>
    call(ctx.app, 'POST', `${API}/goal?id=${user.id}`, { token: user.token, body: { target } });
  const patchGoal = (user: TestUser, target: number) =>
    call(ctx.app, 'PATCH', `${API}/goal?id=${user.id}`, { token: user.token, body: { target } });
  const claim = (user: TestUser) =>
    call(ctx.app, 'POST', `${API}/goal/claim?id=${user.id}`, { token: user.token });

  const goalRow = async (goalId: string) =>
    (await ctx.db.select().from(goals).where(eq(goals.id, goalId)))[0]!;
  const taskRows = (userId: string) => ctx.db.select().from(tasks).where(eq(tasks.userId, userId));
  const goalRows = (userId: string) => ctx.db.select().from(goals).where(eq(goals.userId, userId));

  it('completing the same task 20 times at once credits its points once', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 500_000 });
    const task = await buildTask(ctx, user, goal.id, { mood: 'Sad', offset: 4 });
    const answers = await race(RACERS, () => completeTask(user, task.id));
    expect(tally(answers)).toEqual({ '200': 1, '409 TASK_NOT_ONGOING': RACERS - 1 });
    const winner = answers.find((r) => r.statusCode === 200)!.json().data;
    expect(winner).toMatchObject({ earned: task.points, taskCompleted: 1 });
    expect(await goalRow(goal.id)).toMatchObject({ earned: task.points, taskCompleted: 1 });
    const [row] = await taskRows(user.id);
    expect(row!.status).toBe('Completed');
    await expectGoalTotalsMatchRows(ctx, user.id);
  });

  it('completing the task that reaches the target 20 times at once completes the goal once', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 100_000, earned: 99_000, taskCompleted: 0 });
    // The seeded 99,000 points have no rows behind them; only this task's points are checked.
    const task = await buildTask(ctx, user, goal.id, { mood: 'Happy', offset: 2 });
    const answers = await race(RACERS, () => completeTask(user, task.id));
    expect(tally(answers)).toEqual({ '200': 1, '409 TASK_NOT_ONGOING': RACERS - 1 });
    const after = await goalRow(goal.id);
    expect(after).toMatchObject({
      earned: 99_000 + task.points,
      taskCompleted: 1,
      status: 'Completed',
      completedAt: ctx.clock.now(),
    });
    const tier1 = (await backgroundsOfTier(ctx, 1)).map((b) => b.id);
    expect(tier1).toContain(after.backgroundRewardId);
    expect(answers.find((r) => r.statusCode === 200)!.json().data.backgroundRewardId).toBe(
      after.backgroundRewardId,
    );
  });

  it('completing ten different tasks twice each at once credits each once, and the totals match the rows', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 50_000 });
    const created: Awaited<ReturnType<typeof buildTask>>[] = [];
    for (let i = 0; i < 10; i += 1) {
      created.push(await buildTask(ctx, user, goal.id, { mood: 'Depressed', offset: i }));
    }
    const answers = await race(RACERS, (i) => completeTask(user, created[i % 10]!.id));
    expect(tally(answers)).toEqual({ '200': 10, '409 TASK_NOT_ONGOING': 10 });
    const sum = created.reduce((s, t) => s + t.points, 0);
    const after = await goalRow(goal.id);
    expect(after).toMatchObject({ earned: sum, taskCompleted: 10 });
    expect(after.status).toBe(sum >= 50_000 ? 'Completed' : 'OnProgress');
    const best = Math.max(
      ...answers.filter((r) => r.statusCode === 200).map((r) => r.json().data.earned),
    );
    expect(best).toBe(sum);
    await expectGoalTotalsMatchRows(ctx, user.id);
  });

  it('claiming a reward 20 times at once grants it once', async () => {
    const user = await buildUser(ctx);
    const reward = (await backgroundsOfTier(ctx, 3))[1]!;
    const goal = await buildWonGoal(ctx, user, reward, 400_000);
    const answers = await race(RACERS, () => claim(user));
    expect(tally(answers)).toEqual({ '200': 1, '409 REWARD_ALREADY_CLAIMED': RACERS - 1 });
    const owned = await ctx.db
      .select()
      .from(userBackgrounds)
      .where(and(eq(userBackgrounds.userId, user.id), eq(userBackgrounds.backgroundId, reward.id)));
    expect(owned).toHaveLength(1);
    expect((await goalRow(goal.id)).hasClaimedReward).toBe(true);
  });

  it('creating a goal 20 times at once creates exactly one', async () => {
    const user = await buildUser(ctx);
    const targets = [50_000, 100_000, 150_000, 200_000, 500_000];
    const answers = await race(RACERS, (i) => createGoal(user, targets[i % targets.length]!));
    expect(tally(answers)).toEqual({ '201': 1, '409 GOAL_IN_PROGRESS': RACERS - 1 });
    const rows = await goalRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('OnProgress');
    expect(rows[0]!.id).toBe(answers.find((r) => r.statusCode === 201)!.json().data.id);
  });

  it('setting the target 20 times at once with no goal yet starts exactly one goal', async () => {
    const user = await buildUser(ctx);
    const targets = [50_000, 100_000, 150_000, 200_000, 500_000];
    const answers = await race(RACERS, (i) => patchGoal(user, targets[i % targets.length]!));
    // The first call starts the goal; the others, taking their turn, change its target.
    expect(tally(answers)).toEqual({ '200': RACERS });
    const rows = await goalRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('OnProgress');
    expect(new Set(answers.map((r) => r.json().data.id))).toEqual(new Set([rows[0]!.id]));
    expect(targets).toContain(rows[0]!.target);
  });

  it('setting the target and creating a goal at once with no goal yet: exactly one goal', async () => {
    const user = await buildUser(ctx);
    const answers = await race(RACERS, (i) =>
      i % 2 === 0 ? patchGoal(user, 100_000) : createGoal(user, 100_000),
    );
    const counts = tally(answers);
    expect(counts['200']).toBeGreaterThanOrEqual(RACERS / 2);
    expect((counts['201'] ?? 0) + (counts['409 GOAL_IN_PROGRESS'] ?? 0)).toBe(RACERS / 2);
    expect(counts['201'] ?? 0).toBeLessThanOrEqual(1);
    expect(await goalRows(user.id)).toHaveLength(1);
  });

  it('claiming and creating a goal at once: one claim, at most one new goal', async () => {
    const user = await buildUser(ctx);
    const reward = (await backgroundsOfTier(ctx, 1))[2]!;
    await buildWonGoal(ctx, user, reward);
    ctx.clock.advance(60_000);
    const answers = await race(RACERS, (i) =>
      i % 2 === 0 ? claim(user) : createGoal(user, 50_000),
    );
    const counts = tally(answers);
    expect(counts['200']).toBe(1);
    expect(counts['201'] ?? 0).toBeLessThanOrEqual(1);
    for (const key of Object.keys(counts)) {
      expect([
        '200',
        '201',
        '409 REWARD_ALREADY_CLAIMED',
        '409 REWARD_UNCLAIMED',
        '409 GOAL_IN_PROGRESS',
        '409 GOAL_NOT_COMPLETED',
      ]).toContain(key);
    }
    const rows = await goalRows(user.id);
    expect(rows.filter((g) => g.status === 'OnProgress')).toHaveLength(counts['201'] ?? 0);
    const owned = await ctx.db
      .select()
      .from(userBackgrounds)
      .where(and(eq(userBackgrounds.userId, user.id), eq(userBackgrounds.backgroundId, reward.id)));
    expect(owned).toHaveLength(1);
  });

  it('accepting 20 tasks at once with 9 OnGoing accepts exactly one more', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 500_000 });
    for (let i = 0; i < 9; i += 1)
      await buildTask(ctx, user, goal.id, { mood: 'Happy', offset: i });
    const bodies: Record<string, string>[] = [];
    for (let i = 0; i < RACERS; i += 1) {
      const t = await pickTemplate(ctx, 'Neutral', i);
      bodies.push({ templateId: t.id, title: t.title, mood: 'Neutral' });
    }
    const answers = await race(RACERS, (i) => acceptTask(user, bodies[i]));
    expect(tally(answers)).toEqual({ '201': 1, '409 TOO_MANY_ONGOING_TASKS': RACERS - 1 });
    const ongoing = (await taskRows(user.id)).filter((t) => t.status === 'OnGoing');
    expect(ongoing).toHaveLength(10);
  });

  it('accepting 20 different tasks at once from none stops at 10 OnGoing', async () => {
    const user = await buildUser(ctx);
    await buildGoal(ctx, user, { target: 500_000 });
    const bodies: Record<string, string>[] = [];
    for (let i = 0; i < RACERS; i += 1) {
      const t = await pickTemplate(ctx, 'Sad', i);
      bodies.push({ title: t.title, mood: 'Sad' });
    }
    const answers = await race(RACERS, (i) => acceptTask(user, bodies[i]));
    expect(tally(answers)).toEqual({ '201': 10, '409 TOO_MANY_ONGOING_TASKS': 10 });
    expect((await taskRows(user.id)).filter((t) => t.status === 'OnGoing')).toHaveLength(10);
  });

  it('accepting the same task 20 times at once accepts it once', async () => {
    const user = await buildUser(ctx);
    await buildGoal(ctx, user, { target: 500_000 });
    const t = await pickTemplate(ctx, 'Ecstatic', 7);
    const answers = await race(RACERS, () =>
      acceptTask(user, { title: t.title, mood: 'Ecstatic' }),
    );
    expect(tally(answers)).toEqual({ '201': 1, '409 TASK_ALREADY_ONGOING': RACERS - 1 });
    expect(await taskRows(user.id)).toHaveLength(1);
  });

  it('accepting 20 tasks at once one short of the daily cap accepts exactly one', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 500_000 });
    for (let i = 0; i < 29; i += 1) {
      await buildTask(ctx, user, goal.id, { mood: 'Happy', offset: i % 24, status: 'Completed' });
    }
    const bodies: Record<string, string>[] = [];
    for (let i = 0; i < RACERS; i += 1) {
      const t = await pickTemplate(ctx, 'Depressed', i);
      bodies.push({ title: t.title, mood: 'Depressed' });
    }
    const answers = await race(RACERS, (i) => acceptTask(user, bodies[i]));
    expect(tally(answers)).toEqual({ '201': 1, '409 DAILY_TASK_LIMIT': RACERS - 1 });
    expect(await taskRows(user.id)).toHaveLength(30);
  });

  it('discarding and completing the same task at once: exactly one of them wins', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 500_000 });
    const task = await buildTask(ctx, user, goal.id, { mood: 'Neutral', offset: 9 });
    const answers = await race(RACERS, (i) =>
      i % 2 === 0 ? completeTask(user, task.id) : deleteTask(user, task.id),
    );
    const wins = answers.filter((r) => r.statusCode === 200);
    expect(wins).toHaveLength(1);
    for (const r of answers) expect([200, 404, 409]).toContain(r.statusCode);
    const rows = await taskRows(user.id);
    const after = await goalRow(goal.id);
    if (rows.length === 0) {
      expect(after).toMatchObject({ earned: 0, taskCompleted: 0 });
    } else {
      expect(rows[0]!.status).toBe('Completed');
      expect(after).toMatchObject({ earned: task.points, taskCompleted: 1 });
    }
    await expectGoalTotalsMatchRows(ctx, user.id);
  });

  it('a mixed burst of completions, discards, accepts and target changes keeps the totals equal to the rows', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 500_000 });
    const created: Awaited<ReturnType<typeof buildTask>>[] = [];
    for (let i = 0; i < 8; i += 1) {
      created.push(await buildTask(ctx, user, goal.id, { mood: 'Sad', offset: i }));
    }
    const fresh: Record<string, string>[] = [];
    for (let i = 0; i < 4; i += 1) {
      const t = await pickTemplate(ctx, 'Happy', i);
      fresh.push({ title: t.title, mood: 'Happy' });
    }
    const requests = [
      ...created.map((t) => () => completeTask(user, t.id)),
      ...created.slice(0, 4).map((t) => () => completeTask(user, t.id)),
      ...created.slice(4).map((t) => () => deleteTask(user, t.id)),
      ...fresh.map((body) => () => acceptTask(user, body)),
      () =>
        call(ctx.app, 'PATCH', `${API}/goal?id=${user.id}`, {
          token: user.token,
          body: { target: 450_000 },
        }),
    ];
    const answers = await Promise.all(requests.map((r) => r()));
    for (const r of answers) expect(r.statusCode, r.body).toBeLessThan(500);
    // The first four tasks are completed exactly once.
    const rows = await taskRows(user.id);
    for (const t of created.slice(0, 4)) {
      expect(rows.find((r) => r.id === t.id)!.status).toBe('Completed');
    }
    expect((await goalRow(goal.id)).target).toBe(450_000);
    await expectGoalTotalsMatchRows(ctx, user.id);
    expect(rows.filter((r) => r.status === 'OnGoing').length).toBeLessThanOrEqual(10);
  });

  it('20 calls at once on a new day expire yesterday’s task once and credit nothing', async () => {
    const start = ctx.clock.now();
    try {
      const user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user, { target: 500_000 });
      const task = await buildTask(ctx, user, goal.id, { mood: 'Happy', offset: 11 });
      ctx.clock.advanceDays(1);
      const answers = await race(RACERS, () => completeTask(user, task.id));
      expect(tally(answers)).toEqual({ '404 NOT_FOUND': RACERS });
      const [row] = await taskRows(user.id);
      expect(row!.status).toBe('Expired');
      const [u] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(u!.unannouncedExpiredTaskCount).toBe(1);
      expect(await goalRow(goal.id)).toMatchObject({ earned: 0, taskCompleted: 0 });
    } finally {
      ctx.clock.set(start);
    }
  });
});
