import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './app';
import { buildGoal, buildTask, buildUser, pickTemplate, type TestUser } from './factories';
import { createAnswerValidator, readPublishedOpenApi } from './published-openapi';

/*
 * SPEC.md section 7, the task calls, written from SPEC.md's words (section 3 for the Task and the
 * paginated task response), each answer checked against the published OpenAPI document.
 * Run on PGlite, and on PostgreSQL with TEST_DB=postgres.
 */

const DOC = '/api/v1';

/** SPEC.md section 3: "Task: id, title, description, status, completedAt, createdAt, mood, points". */
const SPEC_TASK_FIELDS = [
  'id',
  'title',
  'description',
  'status',
  'completedAt',
  'createdAt',
  'mood',
  'points',
];

describe('SPEC.md section 7: the task calls', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let answers: ReturnType<typeof createAnswerValidator>;
  beforeAll(async () => {
    answers = createAnswerValidator(await readPublishedOpenApi(ctx.app));
  });
  const get = (user: TestUser, url: string) => call(ctx.app, 'GET', url, { token: user.token });
  const minutesAgo = (m: number) => new Date(ctx.clock.now().getTime() - m * 60_000);

  describe('GET /v1/task?id={userId}&page&size&status&date: "Answer holds data and totalTaskCount."', () => {
    let user: TestUser;
    let ongoing: string;
    let completed: string[];
    beforeAll(async () => {
      user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user, { target: 500_000 });
      // An OnGoing task older than the seven Completed ones after it.
      ongoing = (await buildTask(ctx, user, goal.id, { createdAt: minutesAgo(100) })).id;
      completed = [];
      for (let i = 0; i < 7; i += 1) {
        const task = await buildTask(ctx, user, goal.id, {
          offset: i + 1,
          status: 'Completed',
          createdAt: minutesAgo(90 - i),
        });
        completed.unshift(task.id);
      }
    });

    it('a page: data is a list of tasks with the fields of SPEC.md, and totalTaskCount', async () => {
      const res = await get(user, `/v1/task?id=${user.id}&page=1&size=7&status=&date=`);
      answers.expectDocumented(res, 'GET', `${DOC}/task`);
      const body = res.json();
      expect(body.totalTaskCount).toBe(8);
      expect(body.data).toHaveLength(7);
      for (const task of body.data) {
        expect(Object.keys(task)).toEqual(expect.arrayContaining(SPEC_TASK_FIELDS));
      }
      // "Rows are sorted by creation date, newest first."
      expect(body.data.map((t: { id: string }) => t.id)).toEqual(completed);
    });

    it('"status empty for All, else OnGoing or Completed"', async () => {
      const res = await get(user, `/v1/task?id=${user.id}&page=1&size=7&status=OnGoing&date=`);
      answers.expectDocumented(res, 'GET', `${DOC}/task`);
      expect(res.json()).toMatchObject({ totalTaskCount: 1, data: [{ id: ongoing }] });
    });

    it('the board reads it with no page: every OnGoing task first, even one older than 7 completed ones', async () => {
      const res = await get(user, `/v1/task?id=${user.id}`);
      answers.expectDocumented(res, 'GET', `${DOC}/task`);
      expect(res.json().data.map((t: { id: string }) => t.id)).toEqual([ongoing, ...completed]);
      expect(res.json().totalTaskCount).toBe(8);
    });
  });

  describe('the task changes', () => {
    let user: TestUser;
    let goalId: string;
    beforeAll(async () => {
      user = await buildUser(ctx);
      goalId = (await buildGoal(ctx, user, { target: 500_000 })).id;
    });

    it('GET /v1/task/generated?id={userId}&mood={currentMood}: "Answer data.data is the generated task"', async () => {
      for (const query of ['&mood=Sad', '']) {
        const res = await get(user, `/v1/task/generated?id=${user.id}${query}`);
        answers.expectDocumented(res, 'GET', `${DOC}/task/generated`);
        // "A generated task has title, description, mood and points."
        expect(Object.keys(res.json().data)).toEqual(
          expect.arrayContaining(['title', 'description', 'mood', 'points']),
        );
      }
      const sad = await get(user, `/v1/task/generated?id=${user.id}&mood=Sad`);
      expect(sad.json().data.mood).toBe('Sad');
    });

    it('POST /v1/task?id={userId}: "Body title, description, mood, points and status OnGoing"', async () => {
      const template = await pickTemplate(ctx, 'Neutral', 3);
      const res = await call(ctx.app, 'POST', `/v1/task?id=${user.id}`, {
        token: user.token,
        body: {
          title: template.title,
          description: template.description,
          mood: template.mood,
          points: template.points,
          status: 'OnGoing',
        },
      });
      answers.expectDocumented(res, 'POST', `${DOC}/task`, 201);
      expect(res.json().data).toMatchObject({ title: template.title, status: 'OnGoing' });
    });

    it('DELETE /v1/task?taskId={id}: "Deletes a task"', async () => {
      const task = await buildTask(ctx, user, goalId, { offset: 5 });
      const res = await call(ctx.app, 'DELETE', `/v1/task?taskId=${task.id}`, {
        token: user.token,
      });
      answers.expectDocumented(res, 'DELETE', `${DOC}/task`);
      const again = await call(ctx.app, 'DELETE', `/v1/task?taskId=${task.id}`, {
        token: user.token,
      });
      answers.expectDocumented(again, 'DELETE', `${DOC}/task`, 404);
    });

    it('POST /v1/task/completed?taskId={id}&userId={userId}: "Empty body. Answer data is the updated goal."', async () => {
      const task = await buildTask(ctx, user, goalId, { offset: 6 });
      const res = await call(
        ctx.app,
        'POST',
        `/v1/task/completed?taskId=${task.id}&userId=${user.id}`,
        { token: user.token },
      );
      answers.expectDocumented(res, 'POST', `${DOC}/task/completed`);
      expect(res.json().data).toMatchObject({ id: goalId, earned: task.points, taskCompleted: 1 });
      const twice = await call(
        ctx.app,
        'POST',
        `/v1/task/completed?taskId=${task.id}&userId=${user.id}`,
        { token: user.token },
      );
      answers.expectDocumented(twice, 'POST', `${DOC}/task/completed`, 409);
    });
  });
});
