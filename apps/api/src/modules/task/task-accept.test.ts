import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, sendRaw, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import {
  buildGoal,
  buildTask,
  buildUser,
  dumpUserRows,
  pickTemplate,
} from '../../../test/factories';
import { tasks, taskTemplates } from '../../db/schema';
import { API, taskRequests } from './task.test-helpers';

describe('task routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { userWithGoal, listTasks, acceptTask, completeTask, deleteTask, generate } =
    taskRequests(ctx);

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
});
