import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildGoal, buildTask, buildUser, dumpUserRows } from '../../../test/factories';
import { taskTemplates } from '../../db/schema';
import { taskRequests } from './task.test-helpers';

describe('task routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });

  const { userWithGoal, generate } = taskRequests(ctx);

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
});
