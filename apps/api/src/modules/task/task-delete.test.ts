import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildTask, buildUser, dumpUserRows } from '../../../test/factories';
import { tasks } from '../../db/schema';
import { API, taskRequests } from './task.test-helpers';

describe('task routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { userWithGoal, listTasks, completeTask, deleteTask, goalRow } = taskRequests(ctx);

  describe('DELETE /task', () => {
    it('discards an OnGoing task and answers it', async () => {
      const { user, goalId } = await userWithGoal();
      const task = await buildTask(ctx, user, goalId, { offset: 2 });
      const res = await deleteTask(user, task.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: task.id, status: 'OnGoing', title: task.title });
      expect(await ctx.db.select().from(tasks).where(eq(tasks.id, task.id))).toEqual([]);
      expect((await listTasks(user)).json().totalTaskCount).toBe(0);
      expectFail(await deleteTask(user, task.id), 404, 'NOT_FOUND', { message: 'No such task' });
      expect((await goalRow(goalId)).earned).toBe(0);
    });

    it('works under /v1', async () => {
      const { user, goalId } = await userWithGoal();
      const task = await buildTask(ctx, user, goalId, { offset: 3 });
      const res = await call(ctx.app, 'DELETE', `/v1/task?taskId=${task.id}`, {
        token: user.token,
      });
      expect(res.statusCode).toBe(200);
    });

    it('answers 409 TASK_NOT_ONGOING for a completed task and keeps it', async () => {
      const { user, goalId } = await userWithGoal();
      const task = await buildTask(ctx, user, goalId, { offset: 4 });
      expect((await completeTask(user, task.id)).statusCode).toBe(200);
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await deleteTask(user, task.id), 409, 'TASK_NOT_ONGOING', {
        message: 'This task is already completed',
      });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      ['an expired task', 'expired'],
      ['an unknown id', '00000000-0000-4000-8000-000000000000'],
      ['a non-UUID id', 'abc'],
      ['an injection attempt', "1'%20OR%20'1'%3D'1"],
    ])('answers 404 for %s', async (_label, which) => {
      const { user, goalId } = await userWithGoal();
      let taskId = which;
      if (which === 'expired') {
        taskId = (await buildTask(ctx, user, goalId, { status: 'Expired' })).id;
      }
      const before = await dumpUserRows(ctx, user.id);
      expectFail(
        await call(ctx.app, 'DELETE', `${API}/task?taskId=${taskId}`, { token: user.token }),
        404,
        'NOT_FOUND',
        { message: 'No such task' },
      );
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      ['no taskId', ''],
      ['an empty taskId', 'taskId='],
      ['a taskId over 100 characters', `taskId=${'a'.repeat(101)}`],
      ['an unknown parameter', 'taskId=00000000-0000-4000-8000-000000000000&force=true'],
      ['two taskIds', 'taskId=a&taskId=b'],
    ])('refuses %s with a 400', async (_label, query) => {
      const user = await buildUser(ctx);
      expectFail(
        await call(ctx.app, 'DELETE', `${API}/task?${query}`, { token: user.token }),
        400,
        'VALIDATION_ERROR',
      );
    });
  });
});
