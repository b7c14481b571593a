import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildGoal, buildTask, buildUser, type TestUser } from '../../../test/factories';
import { tasks } from '../../db/schema';
import { API, TASK_KEYS, taskRequests } from './task.test-helpers';

describe('task routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { userWithGoal, listTasks } = taskRequests(ctx);

  describe('GET /task', () => {
    it('answers an empty page before any task', async () => {
      const user = await buildUser(ctx);
      const res = await listTasks(user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: [], totalTaskCount: 0 });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    describe('with nine listed tasks and two expired ones', () => {
      let user: TestUser;
      let newestFirst: string[];
      let ongoing: string[];
      let completed: string[];
      beforeAll(async () => {
        const setup = await userWithGoal();
        user = setup.user;
        const base = ctx.clock.now().getTime() - 3_600_000;
        const ids: { id: string; status: string }[] = [];
        for (let i = 0; i < 11; i += 1) {
          const status = i === 3 || i === 7 ? 'Expired' : i % 2 === 0 ? 'OnGoing' : 'Completed';
          const task = await buildTask(ctx, user, setup.goalId, {
            offset: i,
            status,
            createdAt: new Date(base + i * 60_000),
          });
          ids.push({ id: task.id, status });
        }
        const listed = ids.filter((t) => t.status !== 'Expired').reverse();
        newestFirst = listed.map((t) => t.id);
        ongoing = listed.filter((t) => t.status === 'OnGoing').map((t) => t.id);
        completed = listed.filter((t) => t.status === 'Completed').map((t) => t.id);
        // Another user's tasks never show.
        const other = await userWithGoal();
        await buildTask(ctx, other.user, other.goalId, { offset: 20 });
      });
      const idsOf = (res: LightMyRequestResponse) =>
        res.json().data.map((t: { id: string }) => t.id);

      it('pages newest first, 7 a page by default, with the total beside the data', async () => {
        const first = await listTasks(user, '&page=1');
        expect(first.statusCode).toBe(200);
        expect(first.json().totalTaskCount).toBe(9);
        expect(idsOf(first)).toEqual(newestFirst.slice(0, 7));
        const second = await listTasks(user, '&page=2');
        expect(second.json().totalTaskCount).toBe(9);
        expect(idsOf(second)).toEqual(newestFirst.slice(7));
        const beyond = await listTasks(user, '&page=3');
        expect(beyond.json()).toEqual({ status: 'success', data: [], totalTaskCount: 9 });
        const far = await listTasks(user, '&page=1000000&size=50');
        expect(far.json()).toEqual({ status: 'success', data: [], totalTaskCount: 9 });
      });

      it('honours size, up to 50', async () => {
        expect(idsOf(await listTasks(user, '&page=1&size=50'))).toEqual(newestFirst);
        expect(idsOf(await listTasks(user, '&size=3&page=3'))).toEqual(newestFirst.slice(6, 9));
        expect(idsOf(await listTasks(user, '&size=1&page=9'))).toEqual(newestFirst.slice(8));
      });

      it('filters by status, and an empty status means all', async () => {
        const on = await listTasks(user, '&page=1&status=OnGoing&size=50');
        expect(idsOf(on)).toEqual(ongoing);
        expect(on.json().totalTaskCount).toBe(ongoing.length);
        const done = await listTasks(user, '&page=1&status=Completed&size=50');
        expect(idsOf(done)).toEqual(completed);
        expect(done.json().totalTaskCount).toBe(completed.length);
        expect(idsOf(await listTasks(user, '&page=1&status=&size=50&date='))).toEqual(newestFirst);
      });

      it('without page answers the board: every listed task of the goal, OnGoing first', async () => {
        const board = await listTasks(user);
        expect(board.statusCode).toBe(200);
        expect(idsOf(board)).toEqual([...ongoing, ...completed]);
        expect(board.json().totalTaskCount).toBe(9);
      });

      it('shows each task with exactly the contract’s fields', async () => {
        const res = await call(ctx.app, 'GET', `/v1/task?id=${user.id}&size=50`, {
          token: user.token,
        });
        expect(res.statusCode).toBe(200);
        for (const task of res.json().data) {
          expect(Object.keys(task).sort()).toEqual(TASK_KEYS);
          expect(['OnGoing', 'Completed']).toContain(task.status);
          expect(task.completedAt === null).toBe(task.status === 'OnGoing');
        }
      });
    });

    it('filters by the local day of a millisecond timestamp, accepted or completed', async () => {
      const { user, goalId } = await userWithGoal({ timeZone: 'America/Los_Angeles' });
      // 06:00Z is 23:00 on the 9th in Los Angeles; 12:00Z is 05:00 on the 10th.
      const lateOnNinth = await buildTask(ctx, user, goalId, {
        offset: 0,
        status: 'Completed',
        createdAt: new Date('2026-03-10T06:00:00Z'),
      });
      const onTenth = await buildTask(ctx, user, goalId, {
        offset: 1,
        status: 'Completed',
        createdAt: new Date('2026-03-10T12:00:00Z'),
      });
      const acceptedEighth = await buildTask(ctx, user, goalId, {
        offset: 2,
        status: 'Completed',
        createdAt: new Date('2026-03-08T20:00:00Z'),
      });
      await ctx.db
        .update(tasks)
        .set({ completedOn: '2026-03-09' })
        .where(eq(tasks.id, acceptedEighth.id));
      const day = async (instant: string) =>
        (await listTasks(user, `&date=${Date.parse(instant)}`))
          .json()
          .data.map((t: { id: string }) => t.id);
      expect(await day('2026-03-10T07:30:00Z')).toEqual([onTenth.id]);
      expect(await day('2026-03-10T06:59:59Z')).toEqual([lateOnNinth.id, acceptedEighth.id]);
      expect(await day('2026-03-08T20:00:00Z')).toEqual([acceptedEighth.id]);
      expect(await day('2026-01-01T00:00:00Z')).toEqual([]);
      // The ends of the range JavaScript dates allow are valid days with nothing on them.
      for (const edge of [0, 8_640_000_000_000_000]) {
        const res = await listTasks(user, `&date=${edge}`);
        expect(res.json()).toEqual({ status: 'success', data: [], totalTaskCount: 0 });
      }
      const both = await listTasks(
        user,
        `&date=${Date.parse('2026-03-10T07:30:00Z')}&status=OnGoing`,
      );
      expect(both.json()).toMatchObject({ data: [], totalTaskCount: 0 });
    });

    describe('without page: the board of SPEC.md (decision 030)', () => {
      const idsOf = (res: LightMyRequestResponse) =>
        res.json().data.map((t: { id: string }) => t.id);
      const minutesAgo = (m: number) => new Date(ctx.clock.now().getTime() - m * 60_000);

      it('keeps an OnGoing task older than 7 completed ones, first', async () => {
        const { user, goalId } = await userWithGoal();
        const old = await buildTask(ctx, user, goalId, { createdAt: minutesAgo(100) });
        const done: string[] = [];
        for (let i = 0; i < 8; i += 1) {
          const task = await buildTask(ctx, user, goalId, {
            offset: i + 1,
            status: 'Completed',
            createdAt: minutesAgo(90 - i),
          });
          done.unshift(task.id);
        }
        const board = await listTasks(user);
        expect(board.statusCode).toBe(200);
        expect(idsOf(board)).toEqual([old.id, ...done]);
        expect(board.json().totalTaskCount).toBe(9);
        // With a page, nothing changed: 7 of every task, newest first.
        expect(idsOf(await listTasks(user, '&page=1'))).toEqual(done.slice(0, 7));
        // Empty status and date are none, as on a page.
        expect(idsOf(await listTasks(user, '&status=&date='))).toEqual([old.id, ...done]);
      });

      it('answers the tasks of the goal in progress only, OnGoing ones newest first', async () => {
        const user = await buildUser(ctx);
        const earlier = await buildGoal(ctx, user, {
          status: 'Completed',
          earned: 50_000,
          hasClaimedReward: true,
        });
        await buildTask(ctx, user, earlier.id, { status: 'Completed', createdAt: minutesAgo(5) });
        ctx.clock.advance(60_000);
        const current = await buildGoal(ctx, user, { target: 100_000 });
        const first = await buildTask(ctx, user, current.id, { createdAt: minutesAgo(30) });
        const done = await buildTask(ctx, user, current.id, {
          offset: 1,
          status: 'Completed',
          createdAt: minutesAgo(20),
        });
        const second = await buildTask(ctx, user, current.id, {
          offset: 2,
          createdAt: minutesAgo(10),
        });
        await buildTask(ctx, user, current.id, { offset: 3, status: 'Expired' });
        const board = await listTasks(user);
        expect(idsOf(board)).toEqual([second.id, first.id, done.id]);
        expect(board.json().totalTaskCount).toBe(3);
        // status filters the board as it filters a page.
        expect(idsOf(await listTasks(user, '&status=OnGoing'))).toEqual([second.id, first.id]);
        expect(idsOf(await listTasks(user, '&status=Completed'))).toEqual([done.id]);
      });

      it('answers the latest goal’s tasks when none is in progress, and none before any goal', async () => {
        const user = await buildUser(ctx);
        expect((await listTasks(user)).json()).toEqual({
          status: 'success',
          data: [],
          totalTaskCount: 0,
        });
        const older = await buildGoal(ctx, user, {
          status: 'Completed',
          earned: 50_000,
          hasClaimedReward: true,
        });
        await buildTask(ctx, user, older.id, { status: 'Completed', createdAt: minutesAgo(1) });
        ctx.clock.advance(60_000);
        const latest = await buildGoal(ctx, user, { status: 'Completed', earned: 50_000 });
        const task = await buildTask(ctx, user, latest.id, {
          status: 'Completed',
          createdAt: minutesAgo(30),
        });
        expect(idsOf(await listTasks(user))).toEqual([task.id]);
      });

      it('answers at most 100 tasks, with the count of them all', async () => {
        const { user, goalId } = await userWithGoal();
        const ongoing: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          const task = await buildTask(ctx, user, goalId, {
            offset: i,
            createdAt: minutesAgo(500 - i),
          });
          ongoing.unshift(task.id);
        }
        const completed: string[] = [];
        for (let i = 0; i < 102; i += 1) {
          const task = await buildTask(ctx, user, goalId, {
            offset: i % 20,
            status: 'Completed',
            createdAt: minutesAgo(400 - i),
          });
          completed.unshift(task.id);
        }
        const board = await listTasks(user);
        expect(board.json().totalTaskCount).toBe(105);
        expect(idsOf(board)).toEqual([...ongoing, ...completed.slice(0, 97)]);
      });
    });

    it.each([
      ['page 0', '&page=0'],
      ['a negative page', '&page=-1'],
      ['a fractional page', '&page=1.5'],
      ['a text page', '&page=abc'],
      ['page 1e309', '&page=1e309'],
      ['page 2^53', `&page=${2 ** 53}`],
      ['a page over a million', '&page=1000001'],
      ['size 0', '&size=0'],
      ['size 51', '&size=51'],
      ['a negative size', '&size=-7'],
      ['a fractional size', '&size=7.5'],
      ['a text size', '&size=seven'],
      ['an unknown status', '&status=Expired'],
      ['a lower-case status', '&status=ongoing'],
      ['status All', '&status=All'],
      ['two statuses', '&status=OnGoing&status=Completed'],
      ['a negative date', '&date=-1'],
      ['a fractional date', '&date=1.5'],
      ['a text date', '&date=yesterday'],
      ['an ISO date', '&date=2026-03-10'],
      ['date 1e309', '&date=1e309'],
      ['date 2^53', `&date=${2 ** 53}`],
      ['an unknown parameter', '&userId=x'],
      ['the id twice', '&id=x'],
    ])('refuses %s with a 400', async (_label, query) => {
      const user = await buildUser(ctx);
      expectFail(await listTasks(user, query), 400, 'VALIDATION_ERROR');
    });

    it('refuses a missing id with a 400', async () => {
      const user = await buildUser(ctx);
      expectFail(
        await call(ctx.app, 'GET', `${API}/task?page=1`, { token: user.token }),
        400,
        'VALIDATION_ERROR',
      );
    });
  });
});
