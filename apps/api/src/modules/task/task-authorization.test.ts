import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { badAuthHeaders, expectFail } from '../../../test/assertions';
import { buildTask, dumpUserRows, pickTemplate, type TestUser } from '../../../test/factories';
import { goals, tasks } from '../../db/schema';
import { API, taskRequests } from './task.test-helpers';

describe('task routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { userWithGoal, completeTask, goalRow } = taskRequests(ctx);

  describe('authentication and ownership', () => {
    type Route = [
      string,
      InjectOptions['method'],
      (victim: TestUser, taskId: string, caller: TestUser) => string,
      unknown,
    ];
    const routes: Route[] = [
      ['GET /task', 'GET', (v) => `${API}/task?id=${v.id}`, undefined],
      [
        'GET /task/generated',
        'GET',
        (v) => `${API}/task/generated?id=${v.id}&mood=Happy`,
        undefined,
      ],
      ['POST /task', 'POST', (v) => `${API}/task?id=${v.id}`, 'body'],
      ['DELETE /task', 'DELETE', (_v, t) => `${API}/task?taskId=${t}`, undefined],
      [
        'POST /task/completed (victim’s userId)',
        'POST',
        (v, t) => `${API}/task/completed?taskId=${t}&userId=${v.id}`,
        undefined,
      ],
      [
        'POST /task/completed (own userId)',
        'POST',
        (_v, t, c) => `${API}/task/completed?taskId=${t}&userId=${c.id}`,
        undefined,
      ],
    ];

    async function victimWithTask() {
      const { user, goalId } = await userWithGoal({}, 50_000);
      await ctx.db.update(goals).set({ earned: 45_000 }).where(eq(goals.id, goalId));
      const task = await buildTask(ctx, user, goalId, { mood: 'Depressed', offset: 3 });
      return { victim: user, task };
    }

    it.each(routes)(
      '%s answers 401 without a valid bearer token',
      async (_l, method, url, body) => {
        const { victim, task } = await victimWithTask();
        const template = await pickTemplate(ctx, 'Happy', 1);
        const payload = body ? { title: template.title, mood: 'Happy' } : undefined;
        const before = await dumpUserRows(ctx, victim.id);
        for (const [label, headers] of badAuthHeaders(victim)) {
          const res = await call(ctx.app, method, url(victim, task.id, victim), {
            body: payload,
            headers,
          });
          expect(res.statusCode, label).toBe(401);
          expectFail(res, 401, 'UNAUTHORIZED');
        }
        expect(await dumpUserRows(ctx, victim.id)).toEqual(before);
      },
    );

    it.each(routes)(
      '%s answers 404 with another user’s ids and touches nothing of theirs',
      async (_l, method, url, body) => {
        const { victim, task } = await victimWithTask();
        const attacker = (await userWithGoal()).user;
        const template = await pickTemplate(ctx, 'Happy', 1);
        const payload = body ? { title: template.title, mood: 'Happy' } : undefined;
        const victimBefore = await dumpUserRows(ctx, victim.id);
        const attackerBefore = await dumpUserRows(ctx, attacker.id);
        const res = await call(ctx.app, method, url(victim, task.id, attacker), {
          token: attacker.token,
          body: payload,
        });
        const err = expectFail(res, 404, 'NOT_FOUND');
        expect(JSON.stringify(err)).not.toContain(task.title);
        expect(await dumpUserRows(ctx, victim.id)).toEqual(victimBefore);
        expect(await dumpUserRows(ctx, attacker.id)).toEqual(attackerBefore);
        // The same call succeeds for the victim: the 404 came from the ids, not the state.
        const own = await call(ctx.app, method, url(victim, task.id, victim), {
          token: victim.token,
          body: payload,
        });
        expect(own.statusCode, own.body).toBeLessThan(300);
      },
    );

    it('never lets another user complete a task, even knowing both ids', async () => {
      const { victim, task } = await victimWithTask();
      const attacker = (await userWithGoal()).user;
      for (const userId of [victim.id, attacker.id]) {
        expectFail(await completeTask(attacker, task.id, userId), 404, 'NOT_FOUND');
      }
      const [row] = await ctx.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.id, task.id), eq(tasks.userId, victim.id)));
      expect(row!.status).toBe('OnGoing');
      expect((await goalRow(row!.goalId)).earned).toBe(45_000);
    });
  });
});
