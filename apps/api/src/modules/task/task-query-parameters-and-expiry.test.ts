import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildTask, dumpUserRows, pickTemplate } from '../../../test/factories';
import { API, taskRequests } from './task.test-helpers';

describe('task routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { userWithGoal, listTasks, acceptTask, completeTask, deleteTask, goalRow } =
    taskRequests(ctx);

  describe('query parameters', () => {
    it.each([
      ['POST /task', 'POST' as const, '/task'],
      ['GET /task/generated', 'GET' as const, '/task/generated'],
    ])(
      '%s refuses a missing, empty or foreign id parameter with a 400',
      async (_l, method, path) => {
        const { user } = await userWithGoal();
        const template = await pickTemplate(ctx, 'Happy', 0);
        const body = method === 'POST' ? { title: template.title, mood: 'Happy' } : undefined;
        const before = await dumpUserRows(ctx, user.id);
        for (const query of ['', '?id=', `?userId=${user.id}`, `?id=${user.id}&goalId=x`]) {
          const res = await call(ctx.app, method, `${API}${path}${query}`, {
            token: user.token,
            body,
          });
          expectFail(res, 400, 'VALIDATION_ERROR');
        }
        expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      },
    );
  });

  describe('expiry at the day rollover', () => {
    it('takes yesterday’s OnGoing tasks off the list; they can no longer be completed or discarded', async () => {
      const start = ctx.clock.now();
      try {
        const { user, goalId } = await userWithGoal();
        const stale = await buildTask(ctx, user, goalId, { offset: 6 });
        const done = await buildTask(ctx, user, goalId, { offset: 7, status: 'Completed' });
        ctx.clock.advanceDays(1);
        const list = await listTasks(user);
        expect(list.json().data.map((t: { id: string }) => t.id)).toEqual([done.id]);
        expect(list.json().totalTaskCount).toBe(1);
        expectFail(await completeTask(user, stale.id), 404, 'NOT_FOUND', {
          message: 'No such task',
        });
        expectFail(await deleteTask(user, stale.id), 404, 'NOT_FOUND', { message: 'No such task' });
        expect((await goalRow(goalId)).earned).toBe(0);
        const me = await call(ctx.app, 'GET', `${API}/user?id=${user.id}`, { token: user.token });
        expect(me.json().data.unannouncedExpiredTaskCount).toBe(1);
        // The expired task no longer blocks accepting the same catalogue task again.
        const again = await acceptTask(user, { title: stale.title, mood: stale.mood });
        expect(again.statusCode).toBe(201);
      } finally {
        ctx.clock.set(start);
      }
    });
  });
});
