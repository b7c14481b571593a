import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import {
  buildGoal,
  buildTask,
  buildUser,
  dumpUserRows,
  pickTemplate,
  type TestUser,
} from '../../../test/factories';
import { discardedTasks, goals, tasks } from '../../db/schema';
import { RESTORE_WINDOW_MS } from './discard-task';

const API = '/api/v1';

describe('POST /task/restore (undo a discard)', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let start: Date;
  beforeEach(() => {
    start = ctx.clock.now();
  });
  afterEach(() => {
    ctx.clock.set(start);
  });

  async function userWithTask(target = 500_000) {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target });
    const task = await buildTask(ctx, user, goal.id, { offset: 1 });
    return { user, goalId: goal.id, task };
  }

  const discard = (user: TestUser, taskId: string) =>
    call(ctx.app, 'DELETE', `${API}/task?taskId=${taskId}`, { token: user.token });
  const restore = (user: TestUser, taskId: string, prefix = API) =>
    call(ctx.app, 'POST', `${prefix}/task/restore?taskId=${taskId}`, { token: user.token });
  const listTasks = (user: TestUser) =>
    call(ctx.app, 'GET', `${API}/task?id=${user.id}`, { token: user.token });
  const goalRow = async (goalId: string) =>
    (await ctx.db.select().from(goals).where(eq(goals.id, goalId)))[0]!;
  const copiesOf = (userId: string) =>
    ctx.db.select().from(discardedTasks).where(eq(discardedTasks.userId, userId));

  it('puts the same task back, OnGoing, for its owner within the window', async () => {
    const { user, goalId, task } = await userWithTask();
    const [before] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect((await discard(user, task.id)).statusCode).toBe(200);
    expect((await listTasks(user)).json().totalTaskCount).toBe(0);

    ctx.clock.advance(RESTORE_WINDOW_MS - 1);
    const res = await restore(user, task.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: expect.objectContaining({
        id: task.id,
        status: 'OnGoing',
        title: task.title,
        points: task.points,
        goalId,
        completedAt: null,
        createdAt: task.createdAt.toISOString(),
      }),
    });
    // The row is as it was before the discard, and the copy is gone.
    expect(await ctx.db.select().from(tasks).where(eq(tasks.id, task.id))).toEqual([before]);
    expect(await copiesOf(user.id)).toEqual([]);
    const list = (await listTasks(user)).json();
    expect(list.totalTaskCount).toBe(1);
    expect(list.data[0].id).toBe(task.id);
  });

  it('keeps points and counts right: nothing credited by a discard or a restore, once on completion', async () => {
    const { user, goalId, task } = await userWithTask();
    expect((await discard(user, task.id)).statusCode).toBe(200);
    expect((await restore(user, task.id)).statusCode).toBe(200);
    expect(await goalRow(goalId)).toMatchObject({ earned: 0, taskCompleted: 0 });
    const done = await call(
      ctx.app,
      'POST',
      `${API}/task/completed?taskId=${task.id}&userId=${user.id}`,
      { token: user.token },
    );
    expect(done.statusCode).toBe(200);
    expect(await goalRow(goalId)).toMatchObject({ earned: task.points, taskCompleted: 1 });
    // A completed task was never discarded: there is nothing to restore.
    expectFail(await restore(user, task.id), 404, 'NOT_FOUND', {
      message: 'There is no discarded task to bring back',
    });
    expect(await goalRow(goalId)).toMatchObject({ earned: task.points, taskCompleted: 1 });
  });

  it('restores only once', async () => {
    const { user, task } = await userWithTask();
    expect((await discard(user, task.id)).statusCode).toBe(200);
    expect((await restore(user, task.id)).statusCode).toBe(200);
    const before = await dumpUserRows(ctx, user.id);
    expectFail(await restore(user, task.id, '/v1'), 404, 'NOT_FOUND', {
      message: 'There is no discarded task to bring back',
    });
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    expect((await listTasks(user)).json().totalTaskCount).toBe(1);
  });

  it('brings the task back once when restores race', async () => {
    const { user, task } = await userWithTask();
    expect((await discard(user, task.id)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => restore(user, task.id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await ctx.db.select().from(tasks).where(eq(tasks.id, task.id))).toHaveLength(1);
    expect(await copiesOf(user.id)).toEqual([]);
  });

  it("answers 404 to another user, who learns nothing, and leaves the owner's undo intact", async () => {
    const { user, task } = await userWithTask();
    const other = await buildUser(ctx, { name: 'Mallory' });
    await buildGoal(ctx, other);
    expect((await discard(user, task.id)).statusCode).toBe(200);
    const res = await restore(other, task.id);
    expectFail(res, 404, 'NOT_FOUND', { message: 'There is no discarded task to bring back' });
    expect(res.body).not.toContain(task.title);
    expect((await listTasks(other)).json().totalTaskCount).toBe(0);
    expect(await ctx.db.select().from(tasks).where(eq(tasks.id, task.id))).toEqual([]);
    expect((await restore(user, task.id)).statusCode).toBe(200);
  });

  it('answers 404 once the window has passed, and the next discard clears the stale copy', async () => {
    const { user, goalId, task } = await userWithTask();
    expect((await discard(user, task.id)).statusCode).toBe(200);
    ctx.clock.advance(RESTORE_WINDOW_MS);
    const before = await dumpUserRows(ctx, user.id);
    expectFail(await restore(user, task.id), 404, 'NOT_FOUND', {
      message: 'There is no discarded task to bring back',
    });
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    const second = await buildTask(ctx, user, goalId, { offset: 2 });
    expect((await discard(user, second.id)).statusCode).toBe(200);
    expect((await copiesOf(user.id)).map((c) => c.taskId)).toEqual([second.id]);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a non-UUID id', 'abc'],
    ['an injection attempt', "1'%20OR%20'1'%3D'1"],
  ])('answers 404 for %s', async (_label, taskId) => {
    const { user } = await userWithTask();
    expectFail(await restore(user, taskId), 404, 'NOT_FOUND', {
      message: 'There is no discarded task to bring back',
    });
  });

  it('answers 404 for an OnGoing task that was never discarded, and changes nothing', async () => {
    const { user, task } = await userWithTask();
    const before = await dumpUserRows(ctx, user.id);
    expectFail(await restore(user, task.id), 404, 'NOT_FOUND', {
      message: 'There is no discarded task to bring back',
    });
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
  });

  it('answers 404 across the user’s midnight: the task would have expired at the rollover', async () => {
    const { user, task } = await userWithTask();
    ctx.clock.set('2026-03-10T23:59:50.000Z');
    expect((await discard(user, task.id)).statusCode).toBe(200);
    ctx.clock.set('2026-03-11T00:00:05.000Z');
    expectFail(await restore(user, task.id), 404, 'NOT_FOUND', {
      message: 'There is no discarded task to bring back',
    });
    expect((await listTasks(user)).json().totalTaskCount).toBe(0);
  });

  it('answers 409 NO_GOAL_IN_PROGRESS when the goal was completed meanwhile', async () => {
    const { user, goalId, task } = await userWithTask();
    expect((await discard(user, task.id)).statusCode).toBe(200);
    await ctx.db
      .update(goals)
      .set({ status: 'Completed', earned: 500_000, completedAt: ctx.clock.now() })
      .where(eq(goals.id, goalId));
    const before = await dumpUserRows(ctx, user.id);
    expectFail(await restore(user, task.id), 409, 'NO_GOAL_IN_PROGRESS', {
      message: 'The goal this task was for is no longer in progress',
    });
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
  });

  it('answers 409 TASK_ALREADY_ONGOING when the same task was taken on again meanwhile', async () => {
    const { user, task } = await userWithTask();
    expect((await discard(user, task.id)).statusCode).toBe(200);
    const accepted = await call(ctx.app, 'POST', `${API}/task?id=${user.id}`, {
      token: user.token,
      body: { templateId: task.templateId, title: task.title, mood: task.mood },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expectFail(await restore(user, task.id), 409, 'TASK_ALREADY_ONGOING', {
      message: 'This task is already on the go',
    });
    expect((await listTasks(user)).json().totalTaskCount).toBe(1);
  });

  it('answers 409 TOO_MANY_ONGOING_TASKS when ten are on the go again', async () => {
    const { user, goalId, task } = await userWithTask();
    expect((await discard(user, task.id)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      const template = await pickTemplate(ctx, 'Sad', i);
      expect(template.id).not.toBe(task.templateId);
      await buildTask(ctx, user, goalId, { mood: 'Sad', offset: i });
    }
    expectFail(await restore(user, task.id), 409, 'TOO_MANY_ONGOING_TASKS', {
      message: 'You have 10 tasks on the go; finish or discard one first',
    });
    expect((await listTasks(user)).json().totalTaskCount).toBe(10);
  });

  it('needs a session', async () => {
    const { user, task } = await userWithTask();
    expect((await discard(user, task.id)).statusCode).toBe(200);
    const res = await call(ctx.app, 'POST', `${API}/task/restore?taskId=${task.id}`);
    expectFail(res, 401, 'UNAUTHORIZED');
    expect((await restore(user, task.id)).statusCode).toBe(200);
  });

  it.each([
    ['no taskId', ''],
    ['an unknown parameter', 'taskId=00000000-0000-4000-8000-000000000000&force=true'],
    ['a taskId over 100 characters', `taskId=${'a'.repeat(101)}`],
  ])('refuses %s with a 400', async (_label, query) => {
    const user = await buildUser(ctx);
    expectFail(
      await call(ctx.app, 'POST', `${API}/task/restore?${query}`, { token: user.token }),
      400,
      'VALIDATION_ERROR',
    );
  });
});
