import { addDays } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail, noSessionHeaders } from '../../../test/assertions';
import {
  buildGoal,
  buildTask,
  buildUser,
  dumpUserRows,
  type TestUser,
} from '../../../test/factories';
import { tasks } from '../../db/schema';

const START = '2026-03-10T12:00:00.000Z';
const ms = (iso: string) => Date.parse(iso);

describe('history routes', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.clock.set(START));

  const history = (user: TestUser, query = '') =>
    call(ctx.app, 'GET', `/api/v1/history?id=${user.id}${query}`, { token: user.token });
  const summaryOf = async (user: TestUser) => {
    const res = await history(user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const daily = async (user: TestUser, start: number, end: number) => {
    const res = await history(user, `&startDate=${start}&endDate=${end}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { date: string; pointsEarned: number }[];
  };
  /** Completes the user's task through the API, as the app does. */
  const completeThroughApi = async (user: TestUser, taskId: string) => {
    const done = await call(
      ctx.app,
      'POST',
      `/api/v1/task/completed?taskId=${taskId}&userId=${user.id}`,
      { token: user.token },
    );
    expect(done.statusCode, done.body).toBe(200);
  };
  /** A task Completed at an instant (its local completion day follows the user's zone). */
  const completedAt = (user: TestUser, goalId: string, at: string, offset: number) =>
    buildTask(ctx, user, goalId, { status: 'Completed', createdAt: new Date(at), offset });

  describe('GET /api/v1/history (summary)', () => {
    it('answers zeros before the first goal', async () => {
      const user = await buildUser(ctx);
      const res = await history(user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        status: 'success',
        data: { taskCompleted: 0, completionPercent: 0 },
      });
    });

    it('answers the goal in progress: tasks completed and the floored percent', async () => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user, { target: 100_000, earned: 33_333, taskCompleted: 4 });
      expect(await summaryOf(user)).toEqual({ taskCompleted: 4, completionPercent: 33 });
    });

    it('prefers the goal in progress over an earlier completed one', async () => {
      const user = await buildUser(ctx);
      ctx.clock.set('2026-02-01T12:00:00Z');
      await buildGoal(ctx, user, {
        target: 50_000,
        earned: 50_000,
        taskCompleted: 9,
        status: 'Completed',
        hasClaimedReward: true,
      });
      ctx.clock.set(START);
      await buildGoal(ctx, user, { target: 200_000, earned: 30_000, taskCompleted: 2 });
      expect(await summaryOf(user)).toEqual({ taskCompleted: 2, completionPercent: 15 });
    });

    it('answers the latest goal when none is in progress', async () => {
      const user = await buildUser(ctx);
      ctx.clock.set('2026-01-01T12:00:00Z');
      await buildGoal(ctx, user, { earned: 50_000, taskCompleted: 3, status: 'Completed' });
      ctx.clock.set('2026-02-01T12:00:00Z');
      await buildGoal(ctx, user, {
        target: 100_000,
        earned: 120_000,
        taskCompleted: 11,
        status: 'Completed',
      });
      expect(await summaryOf(user)).toEqual({ taskCompleted: 11, completionPercent: 120 });
    });

    it('follows a task completed through the API', async () => {
      const user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user, { target: 50_000 });
      const task = await buildTask(ctx, user, goal.id, { offset: 0 });
      await completeThroughApi(user, task.id);
      expect(await summaryOf(user)).toEqual({
        taskCompleted: 1,
        completionPercent: Math.floor((task.points * 100) / 50_000),
      });
    });

    it("never shows another user's goal", async () => {
      const user = await buildUser(ctx);
      const other = await buildUser(ctx);
      await buildGoal(ctx, other, { target: 50_000, earned: 25_000, taskCompleted: 5 });
      expect(await summaryOf(user)).toEqual({ taskCompleted: 0, completionPercent: 0 });
      expect(await summaryOf(other)).toEqual({ taskCompleted: 5, completionPercent: 50 });
    });

    it('takes empty startDate and endDate as none', async () => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user, { target: 50_000, earned: 10_000, taskCompleted: 1 });
      const res = await history(user, '&startDate=&endDate=');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ taskCompleted: 1, completionPercent: 20 });
    });

    it('answers the same under /v1', async () => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user, { target: 50_000, earned: 5_000, taskCompleted: 1 });
      const res = await call(ctx.app, 'GET', `/v1/history?id=${user.id}`, { token: user.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ taskCompleted: 1, completionPercent: 10 });
    });
  });

  describe('GET /api/v1/history?startDate&endDate (points per day)', () => {
    it('answers one row per local day, zeros included, from tasks completed that day', async () => {
      const user = await buildUser(ctx);
      const other = await buildUser(ctx);
      const goal = await buildGoal(ctx, user, { target: 500_000 });
      const a = await completedAt(user, goal.id, '2026-03-08T09:00:00Z', 0);
      const b = await completedAt(user, goal.id, '2026-03-08T21:00:00Z', 1);
      const c = await completedAt(user, goal.id, '2026-03-10T08:00:00Z', 2);
      // Not counted: still OnGoing, expired, outside the range, another user's.
      await buildTask(ctx, user, goal.id, {
        offset: 3,
        createdAt: new Date('2026-03-09T10:00:00Z'),
      });
      await buildTask(ctx, user, goal.id, {
        offset: 4,
        status: 'Expired',
        createdAt: new Date('2026-03-09T10:00:00Z'),
      });
      await completedAt(user, goal.id, '2026-03-07T23:59:59Z', 5);
      await completedAt(user, goal.id, '2026-03-15T00:00:00Z', 6);
      const otherGoal = await buildGoal(ctx, other);
      await completedAt(other, otherGoal.id, '2026-03-10T08:00:00Z', 0);

      // Sunday 8 March to Saturday 14 March.
      const rows = await daily(user, ms('2026-03-08T00:00:00Z'), ms('2026-03-14T23:59:59.999Z'));
      expect(rows).toEqual([
        { date: '2026-03-08', pointsEarned: a.points + b.points },
        { date: '2026-03-09', pointsEarned: 0 },
        { date: '2026-03-10', pointsEarned: c.points },
        { date: '2026-03-11', pointsEarned: 0 },
        { date: '2026-03-12', pointsEarned: 0 },
        { date: '2026-03-13', pointsEarned: 0 },
        { date: '2026-03-14', pointsEarned: 0 },
      ]);
      expect(a.points + b.points).toBeGreaterThan(0);
    });

    it('answers one row when both instants fall on the same day', async () => {
      const user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user);
      const t = await completedAt(user, goal.id, '2026-03-10T10:00:00Z', 0);
      expect(await daily(user, ms(START), ms(START))).toEqual([
        { date: '2026-03-10', pointsEarned: t.points },
      ]);
      expect(await daily(user, ms('2026-03-10T00:00:00Z'), ms('2026-03-10T23:59:59.999Z'))).toEqual(
        [{ date: '2026-03-10', pointsEarned: t.points }],
      );
    });

    it('answers at most 366 days: 366 rows, and a 400 for 367', async () => {
      const user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user);
      const t = await completedAt(user, goal.id, '2025-03-10T10:00:00Z', 0);
      const start = ms('2025-03-10T00:00:00Z');
      const rows = await daily(user, start, ms('2026-03-10T23:59:59Z'));
      expect(rows).toHaveLength(366);
      expect(rows[0]).toEqual({ date: '2025-03-10', pointsEarned: t.points });
      expect(rows[365]).toEqual({ date: '2026-03-10', pointsEarned: 0 });
      expect(rows.map((r) => r.date)).toEqual(rows.map((_, i) => addDays('2025-03-10', i)));
      const res = await history(
        user,
        `&startDate=${start - 1}&endDate=${ms('2026-03-10T23:59:59Z')}`,
      );
      expectFail(res, 400, 'VALIDATION_ERROR', { requireIssues: false });
    });

    it('counts a task completed through the API on the local day it was completed', async () => {
      // 05:00Z on 11 March is 22:00 on 10 March in Los Angeles.
      ctx.clock.set('2026-03-11T05:00:00Z');
      const user = await buildUser(ctx, { timeZone: 'America/Los_Angeles' });
      const goal = await buildGoal(ctx, user, { target: 500_000 });
      const task = await buildTask(ctx, user, goal.id, { offset: 0 });
      await completeThroughApi(user, task.id);
      const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(row!.completedOn).toBe('2026-03-10');
      // From 00:00 on 9 March to 23:59 on 11 March, Los Angeles time.
      expect(await daily(user, ms('2026-03-09T07:00:00Z'), ms('2026-03-12T06:59:59Z'))).toEqual([
        { date: '2026-03-09', pointsEarned: 0 },
        { date: '2026-03-10', pointsEarned: task.points },
        { date: '2026-03-11', pointsEarned: 0 },
      ]);
    });

    it.each([
      // Auckland is UTC+13 in March: 20:00Z on the 10th is 09:00 on the 11th.
      [
        'Pacific/Auckland',
        '2026-03-10T20:00:00Z',
        '2026-03-10T11:00:00Z',
        '2026-03-12T10:59:59Z',
        ['2026-03-11', '2026-03-12'],
        '2026-03-11',
      ],
      // Los Angeles is UTC-7 after 8 March: 03:00Z on the 11th is 20:00 on the 10th.
      [
        'America/Los_Angeles',
        '2026-03-11T03:00:00Z',
        '2026-03-10T07:00:00Z',
        '2026-03-11T06:59:59Z',
        ['2026-03-10'],
        '2026-03-10',
      ],
      // UTC+14: 10:30Z on the 10th is 00:30 on the 11th.
      [
        'Pacific/Kiritimati',
        '2026-03-10T10:30:00Z',
        '2026-03-10T10:00:00Z',
        '2026-03-10T10:00:00Z',
        ['2026-03-11'],
        '2026-03-11',
      ],
    ])('in %s the rows are local days', async (timeZone, doneAt, from, to, dates, doneOn) => {
      const user = await buildUser(ctx, { timeZone });
      const goal = await buildGoal(ctx, user);
      const t = await completedAt(user, goal.id, doneAt, 0);
      const rows = await daily(user, ms(from), ms(to));
      expect(rows.map((r) => r.date)).toEqual(dates);
      expect(rows.find((r) => r.date === doneOn)!.pointsEarned).toBe(t.points);
      expect(rows.reduce((sum, r) => sum + r.pointsEarned, 0)).toBe(t.points);
    });

    it('answers dates up to the last day of year 9999', async () => {
      const user = await buildUser(ctx);
      const end = Date.UTC(9999, 11, 31, 12);
      expect(await daily(user, end, end)).toEqual([{ date: '9999-12-31', pointsEarned: 0 }]);
      expect(await daily(user, end - 86_400_000, end)).toEqual([
        { date: '9999-12-30', pointsEarned: 0 },
        { date: '9999-12-31', pointsEarned: 0 },
      ]);
    });

    it('answers the same under /v1', async () => {
      const user = await buildUser(ctx);
      const res = await call(
        ctx.app,
        'GET',
        `/v1/history?id=${user.id}&startDate=${ms(START)}&endDate=${ms(START)}`,
        { token: user.token },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ date: '2026-03-10', pointsEarned: 0 }]);
    });
  });

  describe('refusals', () => {
    const day = ms(START);
    it.each([
      ['no id', () => `/api/v1/history`],
      ['an empty id', () => `/api/v1/history?id=`],
      ['the id twice', (id: string) => `/api/v1/history?id=${id}&id=${id}`],
      ['an unknown parameter', (id: string) => `/api/v1/history?id=${id}&status=Completed`],
      ['startDate without endDate', (id: string) => `/api/v1/history?id=${id}&startDate=${day}`],
      ['endDate without startDate', (id: string) => `/api/v1/history?id=${id}&endDate=${day}`],
      [
        'an empty startDate with an endDate',
        (id: string) => `/api/v1/history?id=${id}&startDate=&endDate=${day}`,
      ],
      [
        'startDate after endDate',
        (id: string) => `/api/v1/history?id=${id}&startDate=${day + 1}&endDate=${day}`,
      ],
      [
        'a negative startDate',
        (id: string) => `/api/v1/history?id=${id}&startDate=-1&endDate=${day}`,
      ],
      [
        'a fractional endDate',
        (id: string) => `/api/v1/history?id=${id}&startDate=${day}&endDate=${day}.5`,
      ],
      [
        'a startDate that is not a number',
        (id: string) => `/api/v1/history?id=${id}&startDate=monday&endDate=${day}`,
      ],
      [
        'an ISO date instead of milliseconds',
        (id: string) => `/api/v1/history?id=${id}&startDate=2026-03-08&endDate=2026-03-14`,
      ],
      ['an infinite endDate', (id: string) => `/api/v1/history?id=${id}&startDate=0&endDate=1e400`],
      [
        'an endDate past the largest date',
        (id: string) => `/api/v1/history?id=${id}&startDate=0&endDate=9000000000000000`,
      ],
      [
        'startDate twice',
        (id: string) => `/api/v1/history?id=${id}&startDate=1&startDate=2&endDate=3`,
      ],
      [
        'a range of many years',
        (id: string) => `/api/v1/history?id=${id}&startDate=0&endDate=${day}`,
      ],
      [
        'a range ending after year 9999',
        (id: string) => `/api/v1/history?id=${id}&startDate=0&endDate=8640000000000000`,
      ],
      [
        'a single day after year 9999',
        (id: string) =>
          `/api/v1/history?id=${id}&startDate=8640000000000000&endDate=8640000000000000`,
      ],
      [
        'a single day in year 10000',
        (id: string) =>
          `/api/v1/history?id=${id}&startDate=253402300800000&endDate=253402300800000`,
      ],
    ])('refuses %s with a 400', async (_label, url) => {
      const user = await buildUser(ctx);
      const res = await call(ctx.app, 'GET', url(user.id), { token: user.token });
      expectFail(res, 400, 'VALIDATION_ERROR', { requireIssues: false });
    });

    it.each([
      '&startDate=%20&endDate=%20',
      '&startDate=0x10&endDate=0x20',
      '&startDate=-0&endDate=0',
      '&startDate[]=1&endDate=2',
      '&startDate=%00&endDate=%00',
      '&startDate=NaN&endDate=NaN',
      '&startDate=253402214400000&endDate=253402300800000',
      '&__proto__=1',
      '&constructor[prototype]=1',
    ])('never answers a 500, whatever the query: %s', async (query) => {
      const user = await buildUser(ctx);
      const res = await history(user, query);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(['success', 'fail']).toContain(res.json().status);
    });

    it('names the problem in the issues of a validation error', async () => {
      const user = await buildUser(ctx);
      const body = expectFail(
        await history(user, `&startDate=${ms(START)}`),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.issues.map((i: { message: string }) => i.message)).toContain(
        'startDate and endDate go together',
      );
    });

    it.each(noSessionHeaders(';DROP TABLE users'))('answers 401 to %s', async (_label, headers) => {
      const user = await buildUser(ctx);
      for (const query of ['', `&startDate=${ms(START)}&endDate=${ms(START)}`]) {
        const res = await call(ctx.app, 'GET', `/api/v1/history?id=${user.id}${query}`, {
          headers,
        });
        expectFail(res, 401, 'UNAUTHORIZED');
      }
    });

    it("answers 404 to another user's token with this user's id, and shows and changes nothing", async () => {
      const victim = await buildUser(ctx);
      const attacker = await buildUser(ctx);
      const goal = await buildGoal(ctx, victim, {
        target: 50_000,
        earned: 12_345,
        taskCompleted: 3,
      });
      await completedAt(victim, goal.id, '2026-03-10T08:00:00Z', 0);
      const before = await dumpUserRows(ctx, victim.id);
      for (const query of ['', `&startDate=${ms('2026-03-10T00:00:00Z')}&endDate=${ms(START)}`]) {
        const res = await call(ctx.app, 'GET', `/api/v1/history?id=${victim.id}${query}`, {
          token: attacker.token,
        });
        expectFail(res, 404, 'NOT_FOUND');
        expect(res.body).not.toContain('pointsEarned');
        expect(res.body).not.toContain('taskCompleted');
      }
      expect(await dumpUserRows(ctx, victim.id)).toEqual(before);
    });
  });
});
