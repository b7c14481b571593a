import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, sendRaw, useTestApp } from '../../../test/app';
import { badAuthHeaders, expectFail } from '../../../test/assertions';
import {
  buildGoal,
  buildTask,
  buildUser,
  dumpUserRows,
  pickTemplate,
  type TestUser,
} from '../../../test/factories';
import { goals, tasks, taskTemplates } from '../../db/schema';

const API = '/api/v1';

const TASK_KEYS = [
  'completedAt',
  'createdAt',
  'description',
  'goalId',
  'id',
  'mood',
  'points',
  'status',
  'templateId',
  'title',
];

describe('task routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  /** A user with a goal in progress. */
  async function userWithGoal(
    overrides: Parameters<typeof buildUser>[1] = {},
    target = 500_000,
  ): Promise<{ user: TestUser; goalId: string }> {
    const user = await buildUser(ctx, overrides);
    const goal = await buildGoal(ctx, user, { target });
    return { user, goalId: goal.id };
  }

  const listTasks = (user: TestUser, query = '') =>
    call(ctx.app, 'GET', `${API}/task?id=${user.id}${query}`, { token: user.token });
  const acceptTask = (user: TestUser, body: unknown) =>
    call(ctx.app, 'POST', `${API}/task?id=${user.id}`, { token: user.token, body });
  const completeTask = (user: TestUser, taskId: string, userId = user.id) =>
    call(ctx.app, 'POST', `${API}/task/completed?taskId=${taskId}&userId=${userId}`, {
      token: user.token,
    });
  const deleteTask = (user: TestUser, taskId: string) =>
    call(ctx.app, 'DELETE', `${API}/task?taskId=${taskId}`, { token: user.token });
  const generate = (user: TestUser, query = '') =>
    call(ctx.app, 'GET', `${API}/task/generated?id=${user.id}${query}`, { token: user.token });
  const goalRow = async (goalId: string) =>
    (await ctx.db.select().from(goals).where(eq(goals.id, goalId)))[0]!;

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

    describe('without page: the board of SPEC.md (issue 15)', () => {
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

  describe('POST /task', () => {
    it('accepts a generated task as OnGoing for the goal in progress, on the user’s local day', async () => {
      // 12:00Z on the 10th is already the 11th in Kiritimati (UTC+14).
      const { user, goalId } = await userWithGoal({ timeZone: 'Pacific/Kiritimati' });
      const suggestion = (await generate(user, '&mood=Sad')).json().data;
      const res = await acceptTask(user, { ...suggestion, status: 'OnGoing' });
      expect(res.statusCode).toBe(201);
      const task = res.json().data;
      expect(task).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        templateId: suggestion.templateId,
        goalId,
        title: suggestion.title,
        description: suggestion.description,
        status: 'OnGoing',
        mood: 'Sad',
        points: suggestion.points,
        createdAt: ctx.clock.now().toISOString(),
        completedAt: null,
      });
      const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(row).toMatchObject({ userId: user.id, acceptedOn: '2026-03-11', completedOn: null });
      const list = await listTasks(user);
      expect(list.json().data).toEqual([task]);
    });

    it('stores the catalogue’s points, title and description, whatever the body says', async () => {
      const { user } = await userWithGoal();
      const template = await pickTemplate(ctx, 'Happy', 3);
      const res = await acceptTask(user, {
        templateId: template.id,
        title: 'Something else entirely',
        description: 'My own description',
        mood: 'Happy',
        points: 999_999,
        status: 'OnGoing',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        title: template.title,
        description: template.description,
        points: template.points,
      });
      const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, res.json().data.id));
      expect(row!.points).toBe(template.points);
    });

    it('matches by title and mood without a templateId; the mood decides which task', async () => {
      const { user } = await userWithGoal();
      const title = 'Drink a glass of water';
      const versions = await ctx.db
        .select()
        .from(taskTemplates)
        .where(eq(taskTemplates.title, title));
      expect(versions.length).toBeGreaterThan(1);
      for (const version of versions) {
        const res = await acceptTask(user, { title, mood: version.mood, points: 1 });
        expect(res.statusCode).toBe(201);
        expect(res.json().data).toMatchObject({
          templateId: version.id,
          mood: version.mood,
          points: version.points,
        });
      }
      expect(new Set(versions.map((v) => v.points)).size).toBeGreaterThan(1);
    });

    it('accepts the minimal body under /v1', async () => {
      const { user } = await userWithGoal();
      const template = await pickTemplate(ctx, 'Ecstatic', 5);
      const res = await call(ctx.app, 'POST', `/v1/task?id=${user.id}`, {
        token: user.token,
        body: { title: template.title, mood: 'Ecstatic' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.templateId).toBe(template.id);
    });

    it.each([
      ['an unknown title', async () => ({ title: 'Conquer the world', mood: 'Happy' })],
      [
        'a known title with another mood',
        async () => ({ title: (await pickTemplate(ctx, 'Happy', 0)).title, mood: 'Depressed' }),
      ],
      [
        'a templateId with another mood',
        async () => {
          const t = await pickTemplate(ctx, 'Neutral', 0);
          return { templateId: t.id, title: t.title, mood: 'Ecstatic' };
        },
      ],
      [
        'a templateId of nothing',
        async () => ({
          templateId: '00000000-0000-4000-8000-000000000000',
          title: (await pickTemplate(ctx, 'Happy', 0)).title,
          mood: 'Happy',
        }),
      ],
      [
        'a title differing only in case',
        async () => ({
          title: (await pickTemplate(ctx, 'Sad', 0)).title.toUpperCase(),
          mood: 'Sad',
        }),
      ],
    ])('refuses %s with 400 UNKNOWN_TASK', async (_label, makeBody) => {
      const { user } = await userWithGoal();
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await acceptTask(user, await makeBody()), 400, 'UNKNOWN_TASK', {
        message: 'This task is not one of ours',
      });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      ['mood Unknown', { mood: 'Unknown' }],
      ['a lower-case mood', { mood: 'happy' }],
      ['an invented mood', { mood: 'Angry' }],
      ['a null mood', { mood: null }],
      ['no mood', { mood: undefined }],
      ['no title', { title: undefined }],
      ['an empty title', { title: '' }],
      ['a blank title', { title: '   ' }],
      ['a title over 200 characters', { title: 'x'.repeat(201) }],
      ['a numeric title', { title: 42 }],
      ['a description over 1000 characters', { description: 'x'.repeat(1001) }],
      ['a numeric description', { description: 7 }],
      ['string points', { points: '1000' }],
      ['null points', { points: null }],
      ['status Completed', { status: 'Completed' }],
      ['status Expired', { status: 'Expired' }],
      ['a malformed templateId', { templateId: 'abc' }],
      ['a numeric templateId', { templateId: 12 }],
      ['a goalId', { goalId: '00000000-0000-4000-8000-000000000000' }],
      ['a userId', { userId: '00000000-0000-4000-8000-000000000000' }],
      ['an id', { id: '00000000-0000-4000-8000-000000000000' }],
      ['a completedAt', { completedAt: '2026-03-10T12:00:00.000Z' }],
      ['earned points', { earned: 50_000 }],
    ])('refuses %s with a 400 and creates nothing', async (_label, change) => {
      const { user } = await userWithGoal();
      const template = await pickTemplate(ctx, 'Happy', 0);
      const body = { title: template.title, mood: 'Happy', ...change };
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await acceptTask(user, body), 400, 'VALIDATION_ERROR');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      [
        'points of 1e309',
        (title: string) => `{"title":${JSON.stringify(title)},"mood":"Happy","points":1e309}`,
        400,
        'VALIDATION_ERROR',
      ],
      [
        'an array body',
        (title: string) => JSON.stringify([{ title, mood: 'Happy' }]),
        400,
        'VALIDATION_ERROR',
      ],
      ['a JSON null', () => 'null', 400, 'VALIDATION_ERROR'],
      [
        'malformed JSON',
        (title: string) => `{"title":${JSON.stringify(title)},"mood":`,
        400,
        'BAD_REQUEST',
      ],
      ['an empty body', () => '', 400, 'BAD_REQUEST'],
      [
        'a body over 64 KB',
        (title: string) =>
          JSON.stringify({ title, mood: 'Happy', description: 'x'.repeat(70_000) }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ])('refuses %s and creates nothing', async (_label, payload, status, code) => {
      const { user } = await userWithGoal();
      const template = await pickTemplate(ctx, 'Happy', 0);
      const before = await dumpUserRows(ctx, user.id);
      const res = await sendRaw(
        ctx.app,
        'POST',
        `${API}/task?id=${user.id}`,
        user.token,
        payload(template.title),
      );
      expectFail(res, status, code);
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('answers 409 NO_GOAL_IN_PROGRESS without a goal, and with only a completed goal', async () => {
      const user = await buildUser(ctx);
      const template = await pickTemplate(ctx, 'Happy', 0);
      const body = { title: template.title, mood: 'Happy' };
      expectFail(await acceptTask(user, body), 409, 'NO_GOAL_IN_PROGRESS', {
        message: 'Set a goal before taking on tasks',
      });
      await buildGoal(ctx, user, { earned: 50_000, status: 'Completed', hasClaimedReward: true });
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await acceptTask(user, body), 409, 'NO_GOAL_IN_PROGRESS', {
        message: 'Set a goal before taking on tasks',
      });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('answers 409 TASK_ALREADY_ONGOING for the same task twice, and accepts it again once completed', async () => {
      const { user } = await userWithGoal();
      const template = await pickTemplate(ctx, 'Neutral', 4);
      const body = { templateId: template.id, title: template.title, mood: 'Neutral' };
      const first = await acceptTask(user, body);
      expect(first.statusCode).toBe(201);
      expectFail(await acceptTask(user, body), 409, 'TASK_ALREADY_ONGOING', {
        message: 'This task is already on the go',
      });
      expectFail(
        await acceptTask(user, { title: template.title, mood: 'Neutral' }),
        409,
        'TASK_ALREADY_ONGOING',
        { message: 'This task is already on the go' },
      );
      expect((await completeTask(user, first.json().data.id)).statusCode).toBe(200);
      expect((await acceptTask(user, body)).statusCode).toBe(201);
    });

    it('answers 409 TOO_MANY_ONGOING_TASKS beyond 10 OnGoing; completed and expired ones do not count', async () => {
      const { user, goalId } = await userWithGoal();
      await buildTask(ctx, user, goalId, { mood: 'Sad', offset: 0, status: 'Completed' });
      await buildTask(ctx, user, goalId, { mood: 'Sad', offset: 1, status: 'Expired' });
      const ongoing: Awaited<ReturnType<typeof buildTask>>[] = [];
      for (let i = 0; i < 10; i += 1) {
        ongoing.push(await buildTask(ctx, user, goalId, { mood: 'Happy', offset: i }));
      }
      const extra = await pickTemplate(ctx, 'Happy', 10);
      const body = { templateId: extra.id, title: extra.title, mood: 'Happy' };
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await acceptTask(user, body), 409, 'TOO_MANY_ONGOING_TASKS', {
        message: 'You have 10 tasks on the go; finish or discard one first',
      });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      expect((await deleteTask(user, ongoing[0]!.id)).statusCode).toBe(200);
      expect((await acceptTask(user, body)).statusCode).toBe(201);
      expectFail(
        await acceptTask(user, { title: ongoing[0]!.title, mood: 'Happy' }),
        409,
        'TOO_MANY_ONGOING_TASKS',
        { message: 'You have 10 tasks on the go; finish or discard one first' },
      );
    });

    it('answers 409 DAILY_TASK_LIMIT after 30 tasks accepted in a local day, and accepts again the next day', async () => {
      const start = ctx.clock.now();
      try {
        const { user, goalId } = await userWithGoal();
        for (let i = 0; i < 29; i += 1) {
          await buildTask(ctx, user, goalId, {
            mood: 'Ecstatic',
            offset: i % 20,
            status: 'Completed',
          });
        }
        const [a, b] = [await pickTemplate(ctx, 'Sad', 0), await pickTemplate(ctx, 'Sad', 1)];
        expect((await acceptTask(user, { title: a.title, mood: 'Sad' })).statusCode).toBe(201);
        const before = await dumpUserRows(ctx, user.id);
        expectFail(
          await acceptTask(user, { title: b.title, mood: 'Sad' }),
          409,
          'DAILY_TASK_LIMIT',
          { message: 'That is plenty for today; come back tomorrow' },
        );
        expect(await dumpUserRows(ctx, user.id)).toEqual(before);
        ctx.clock.advanceDays(1);
        const nextDay = await acceptTask(user, { title: b.title, mood: 'Sad' });
        expect(nextDay.statusCode).toBe(201);
      } finally {
        ctx.clock.set(start);
      }
    });
  });

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

  describe('GET /task/generated', () => {
    it.each(['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'])(
      'suggests a catalogue task of the mood %s',
      async (mood) => {
        const user = await buildUser(ctx);
        const res = await generate(user, `&mood=${mood}`);
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        expect(Object.keys(data).sort()).toEqual([
          'description',
          'mood',
          'points',
          'templateId',
          'title',
        ]);
        const [template] = await ctx.db
          .select()
          .from(taskTemplates)
          .where(eq(taskTemplates.id, data.templateId));
        expect(template).toMatchObject({
          title: data.title,
          description: data.description,
          mood,
          points: data.points,
        });
        expect(data.points).toBeGreaterThanOrEqual(1_000);
        expect(data.points).toBeLessThanOrEqual(10_000);
      },
    );

    it.each([
      ['no mood', ''],
      ['mood Unknown', '&mood=Unknown'],
      ['an empty mood', '&mood='],
    ])('suggests tasks of any mood with %s', async (_label, query) => {
      const user = await buildUser(ctx);
      const moods = new Set<string>();
      for (let i = 0; i < 30; i += 1) {
        const res = await generate(user, query);
        expect(res.statusCode).toBe(200);
        moods.add(res.json().data.mood);
      }
      expect(moods.size).toBeGreaterThan(1);
    });

    it('never suggests a task the user has OnGoing', async () => {
      const { user, goalId } = await userWithGoal();
      const ongoing = new Set<string>();
      for (let i = 0; i < 10; i += 1) {
        ongoing.add((await buildTask(ctx, user, goalId, { mood: 'Happy', offset: i })).templateId);
      }
      const seen = new Set<string>();
      for (let i = 0; i < 60; i += 1) {
        const res = await generate(user, '&mood=Happy');
        expect(res.statusCode).toBe(200);
        const id = res.json().data.templateId;
        expect(ongoing.has(id)).toBe(false);
        seen.add(id);
      }
      // The other 14 Happy tasks are all reachable.
      expect(seen.size).toBeGreaterThan(5);
    });

    it('does not suggest the task it has just shown', async () => {
      const user = await buildUser(ctx);
      let previous = '';
      for (let i = 0; i < 40; i += 1) {
        const res = await generate(user, '&mood=Depressed');
        const id = res.json().data.templateId;
        expect(id).not.toBe(previous);
        previous = id;
      }
    });

    it('suggests the task just shown again when it is the only one of the mood left', async () => {
      const { user, goalId } = await userWithGoal();
      const happy = await ctx.db
        .select({ id: taskTemplates.id })
        .from(taskTemplates)
        .where(eq(taskTemplates.mood, 'Happy'));
      for (let offset = 0; offset < happy.length - 1; offset += 1) {
        await buildTask(ctx, user, goalId, { mood: 'Happy', offset });
      }
      const first = await generate(user, '&mood=Happy');
      expect(first.statusCode, first.body).toBe(200);
      const again = await generate(user, '&mood=Happy');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.templateId).toBe(first.json().data.templateId);
    });

    it('answers 404 "No task fits right now" when every task of the mood is OnGoing', async () => {
      const { user, goalId } = await userWithGoal();
      const happy = await ctx.db
        .select({ id: taskTemplates.id })
        .from(taskTemplates)
        .where(eq(taskTemplates.mood, 'Happy'));
      for (let offset = 0; offset < happy.length; offset += 1) {
        await buildTask(ctx, user, goalId, { mood: 'Happy', offset });
      }
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await generate(user, '&mood=Happy'), 404, 'NOT_FOUND', {
        message: 'No task fits right now',
      });
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      // Another mood still has tasks to suggest.
      expect((await generate(user, '&mood=Sad')).statusCode).toBe(200);
    });

    it('is blocked with 409 GOAL_ALREADY_COMPLETED while the current goal is completed', async () => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user, { earned: 50_000, status: 'Completed', hasClaimedReward: true });
      const res = await generate(user, '&mood=Happy');
      expectFail(res, 409, 'GOAL_ALREADY_COMPLETED', {
        message: 'Tasks can only be generated when your goal is not yet completed',
      });
      const v1 = await call(ctx.app, 'GET', `/v1/task/generated?id=${user.id}`, {
        token: user.token,
      });
      expectFail(v1, 409, 'GOAL_ALREADY_COMPLETED');
      ctx.clock.advance(60_000);
      await buildGoal(ctx, user, { target: 100_000 });
      expect((await generate(user, '&mood=Happy')).statusCode).toBe(200);
    });

    it.each([
      ['an invented mood', '&mood=Angry'],
      ['a lower-case mood', '&mood=happy'],
      ['an upper-case mood', '&mood=HAPPY'],
      ['two moods', '&mood=Happy&mood=Sad'],
      ['a list of moods', '&mood=Happy,Sad'],
      ['a numeric mood', '&mood=1'],
      ['an unknown parameter', '&mood=Happy&count=5'],
    ])('refuses %s with a 400', async (_label, query) => {
      const user = await buildUser(ctx);
      expectFail(await generate(user, query), 400, 'VALIDATION_ERROR');
    });
  });

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
