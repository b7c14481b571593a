import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, sendRaw, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildTask, dumpUserRows, pickTemplate } from '../../../test/factories';
import { goals, tasks } from '../../db/schema';
import { API, taskRequests } from './task.test-helpers';

describe('task routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { userWithGoal, listTasks, completeTask, deleteTask, goalRow } = taskRequests(ctx);

  describe('POST /task/completed', () => {
    it('completes the task once and answers the goal with the points credited', async () => {
      const { user, goalId } = await userWithGoal({ timeZone: 'Pacific/Kiritimati' }, 150_000);
      await ctx.db
        .update(goals)
        .set({ earned: 10_000, taskCompleted: 2 })
        .where(eq(goals.id, goalId));
      const task = await buildTask(ctx, user, goalId, { mood: 'Depressed', offset: 1 });
      ctx.clock.advance(90_000);
      const res = await completeTask(user, task.id);
      expect(res.statusCode).toBe(200);
      const earned = 10_000 + task.points;
      expect(res.json().data).toMatchObject({
        id: goalId,
        earned,
        taskCompleted: 3,
        completionPercent: Math.floor((earned * 100) / 150_000),
        status: 'OnProgress',
        completedAt: null,
      });
      const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(row).toMatchObject({
        status: 'Completed',
        completedAt: ctx.clock.now(),
        completedOn: '2026-03-11',
      });
      const listed = (await listTasks(user)).json().data[0];
      expect(listed).toMatchObject({
        id: task.id,
        status: 'Completed',
        completedAt: ctx.clock.now().toISOString(),
      });

      const before = await dumpUserRows(ctx, user.id);
      expectFail(await completeTask(user, task.id), 409, 'TASK_NOT_ONGOING', {
        message: 'This task is already completed',
      });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('completes the goal when the points reach the target, and answers it under /v1', async () => {
      const { user, goalId } = await userWithGoal({}, 50_000);
      await ctx.db.update(goals).set({ earned: 49_000 }).where(eq(goals.id, goalId));
      const task = await buildTask(ctx, user, goalId, { mood: 'Sad', offset: 2 });
      const res = await call(
        ctx.app,
        'POST',
        `/v1/task/completed?taskId=${task.id}&userId=${user.id}`,
        {
          token: user.token,
        },
      );
      expect(res.statusCode).toBe(200);
      const earned = 49_000 + task.points;
      expect(res.json().data).toMatchObject({
        earned,
        taskCompleted: 1,
        completionPercent: Math.floor((earned * 100) / 50_000),
        status: 'Completed',
        completedAt: ctx.clock.now().toISOString(),
        backgroundRewardId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect((await goalRow(goalId)).status).toBe('Completed');
    });

    it('ignores the body; malformed or oversized bodies change nothing', async () => {
      const { user, goalId } = await userWithGoal();
      const task = await buildTask(ctx, user, goalId, { offset: 5 });
      const url = `${API}/task/completed?taskId=${task.id}&userId=${user.id}`;
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await sendRaw(ctx.app, 'POST', url, user.token, '{"points":'), 400, 'BAD_REQUEST');
      expectFail(
        await sendRaw(ctx.app, 'POST', url, user.token, JSON.stringify({ p: 'x'.repeat(70_000) })),
        413,
        'PAYLOAD_TOO_LARGE',
      );
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      const res = await call(ctx.app, 'POST', url, {
        token: user.token,
        body: { points: 999_999 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.earned).toBe(task.points);
    });

    it.each([
      ['a deleted task', 'deleted'],
      ['an expired task', 'expired'],
      ['an unknown id', '00000000-0000-4000-8000-000000000000'],
      ['a non-UUID id', 'not-a-uuid'],
      ['a catalogue id', 'template'],
    ])('answers 404 for %s and credits nothing', async (_label, which) => {
      const { user, goalId } = await userWithGoal();
      let taskId = which;
      if (which === 'deleted') {
        taskId = (await buildTask(ctx, user, goalId)).id;
        expect((await deleteTask(user, taskId)).statusCode).toBe(200);
      }
      if (which === 'expired')
        taskId = (await buildTask(ctx, user, goalId, { status: 'Expired' })).id;
      if (which === 'template') taskId = (await pickTemplate(ctx, 'Happy', 0)).id;
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await completeTask(user, taskId), 404, 'NOT_FOUND', { message: 'No such task' });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      ['no userId', (t: string) => `taskId=${t}`],
      ['no taskId', (_t: string, u: string) => `userId=${u}`],
      ['an empty taskId', (_t: string, u: string) => `taskId=&userId=${u}`],
      ['an unknown parameter', (t: string, u: string) => `taskId=${t}&userId=${u}&points=5000`],
      ['the id name SPEC uses elsewhere', (t: string, u: string) => `taskId=${t}&id=${u}`],
    ])('refuses %s with a 400 and credits nothing', async (_label, query) => {
      const { user, goalId } = await userWithGoal();
      const task = await buildTask(ctx, user, goalId);
      const before = await dumpUserRows(ctx, user.id);
      const res = await call(ctx.app, 'POST', `${API}/task/completed?${query(task.id, user.id)}`, {
        token: user.token,
      });
      expectFail(res, 400, 'VALIDATION_ERROR');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });
  });
});
