import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './app';
import { backgroundsOfTier, buildGoal, buildUser, buildWonGoal, type TestUser } from './factories';
import { createAnswerValidator, readPublishedOpenApi } from './published-openapi';

/*
 * SPEC.md section 7, the goal calls, written from SPEC.md's words (section 3 for the Goal, the
 * onboarding of section 2 for PATCH), each answer checked against the published OpenAPI document.
 * Run on PGlite, and on PostgreSQL with TEST_DB=postgres.
 */

const DOC = '/api/v1';

/** SPEC.md section 3: "Goal: id, target (points), earned, completionPercent, taskCompleted, …". */
const SPEC_GOAL_FIELDS = [
  'id',
  'target',
  'earned',
  'completionPercent',
  'taskCompleted',
  'status',
  'hasClaimedReward',
  'backgroundRewardId',
  'createdAt',
  'completedAt',
];

describe('SPEC.md section 7: the goal calls', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let answers: ReturnType<typeof createAnswerValidator>;
  beforeAll(async () => {
    answers = createAnswerValidator(await readPublishedOpenApi(ctx.app));
  });
  const goalCall = (method: string, user: TestUser, path = '', body?: unknown) =>
    call(ctx.app, method, `/v1/goal${path}?id=${user.id}`, { token: user.token, body });

  describe('GET /v1/goal?id={userId}: "Answer data is the current goal."', () => {
    it('a user who never had a goal: data is null, as documented', async () => {
      const user = await buildUser(ctx);
      const res = await goalCall('GET', user);
      answers.expectDocumented(res, 'GET', `${DOC}/goal`);
      expect(res.json()).toEqual({ status: 'success', data: null });
    });

    it('the current goal has the fields of SPEC.md, status On Progress until reached', async () => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user, { target: 100_000, earned: 25_000, taskCompleted: 2 });
      const res = await goalCall('GET', user);
      answers.expectDocumented(res, 'GET', `${DOC}/goal`);
      const goal = res.json().data;
      expect(Object.keys(goal)).toEqual(expect.arrayContaining(SPEC_GOAL_FIELDS));
      expect(goal).toMatchObject({
        target: 100_000,
        earned: 25_000,
        completionPercent: 25,
        taskCompleted: 2,
        status: 'OnProgress',
        hasClaimedReward: false,
        backgroundRewardId: null,
        completedAt: null,
      });
    });
  });

  describe('GET /v1/goal/all?id={userId}: "Answer data is the list of goals."', () => {
    it('lists every goal in the order they were created, oldest first', async () => {
      const user = await buildUser(ctx);
      const first = await buildGoal(ctx, user, {
        status: 'Completed',
        earned: 50_000,
        hasClaimedReward: true,
      });
      ctx.clock.advance(60_000);
      const second = await buildGoal(ctx, user, { target: 200_000 });
      const res = await goalCall('GET', user, '/all');
      answers.expectDocumented(res, 'GET', `${DOC}/goal/all`);
      expect(res.json().data.map((g: { id: string }) => g.id)).toEqual([first.id, second.id]);
    });
  });

  describe('POST /v1/goal?id={userId}: "Body {target}. Creates a goal."', () => {
    it('creates a goal with the target (response shape not shown by SPEC.md: the goal, 201)', async () => {
      const user = await buildUser(ctx);
      const res = await goalCall('POST', user, '', { target: 150_000 });
      answers.expectDocumented(res, 'POST', `${DOC}/goal`, 201);
      expect(res.json().data).toMatchObject({ target: 150_000, earned: 0, status: 'OnProgress' });
    });

    it('while a goal is in progress: a documented 409', async () => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user);
      const res = await goalCall('POST', user, '', { target: 150_000 });
      answers.expectDocumented(res, 'POST', `${DOC}/goal`, 409);
    });
  });

  describe('PATCH /v1/goal?id={userId}: "Partial goal body."', () => {
    it('onboarding step 2 "saves the target" of a user with no goal yet: the goal starts with it', async () => {
      const user = await buildUser(ctx);
      const res = await goalCall('PATCH', user, '', { target: 50_000 });
      answers.expectDocumented(res, 'PATCH', `${DOC}/goal`);
      expect(res.json().data).toMatchObject({ target: 50_000, earned: 0, status: 'OnProgress' });
      const current = await goalCall('GET', user);
      expect(current.json().data.id).toBe(res.json().data.id);
    });

    it('changes the target of the goal in progress', async () => {
      const user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user, { target: 100_000 });
      const res = await goalCall('PATCH', user, '', { target: 300_000 });
      answers.expectDocumented(res, 'PATCH', `${DOC}/goal`);
      expect(res.json().data).toMatchObject({ id: goal.id, target: 300_000 });
    });

    it('a field the server derives is a documented 400', async () => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user);
      const res = await goalCall('PATCH', user, '', { earned: 50_000 });
      answers.expectDocumented(res, 'PATCH', `${DOC}/goal`, 400);
    });
  });

  describe('POST /v1/goal/claim?id={userId}: "Empty body. Claims the reward."', () => {
    it('claims the background the completed goal won', async () => {
      const user = await buildUser(ctx);
      const [, reward] = await backgroundsOfTier(ctx, 1);
      await buildWonGoal(ctx, user, reward!);
      const res = await goalCall('POST', user, '/claim');
      answers.expectDocumented(res, 'POST', `${DOC}/goal/claim`);
      expect(res.json().data.goal).toMatchObject({ hasClaimedReward: true, status: 'Completed' });
      expect(res.json().data.background.id).toBe(reward!.id);
    });

    it('"Reward claim only when goal status is Completed": otherwise a documented 409', async () => {
      const user = await buildUser(ctx);
      await buildGoal(ctx, user);
      const res = await goalCall('POST', user, '/claim');
      answers.expectDocumented(res, 'POST', `${DOC}/goal/claim`, 409);
    });
  });
});
