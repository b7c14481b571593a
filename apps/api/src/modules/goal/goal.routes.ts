import {
  ClaimAnswerSchema,
  CreateGoalBodySchema,
  ErrorBodySchema,
  GoalAnswerSchema,
  GoalListAnswerSchema,
  MaybeGoalAnswerSchema,
  UpdateGoalBodySchema,
  UserIdQuerySchema,
} from '@wellspring/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import {
  claimReward,
  createGoal,
  getAllGoals,
  getCurrentGoal,
  updateGoalTarget,
} from './goal.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

export const goalRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { onRequest: app.authenticate } as const;
  const doc = { tags: ['goal'], security: [{ bearer: [] }], querystring: UserIdQuerySchema };

  app.get(
    '/goal',
    {
      ...common,
      schema: {
        ...doc,
        summary: 'The current goal: the one in progress, else the latest (null before any)',
        response: { 200: MaybeGoalAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await getCurrentGoal(app.db, auth),
      };
    },
  );

  app.get(
    '/goal/all',
    {
      ...common,
      schema: {
        ...doc,
        summary: 'Every goal, in the order they were created (oldest first)',
        response: { 200: GoalListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return { status: 'success' as const, data: await getAllGoals(app.db, auth) };
    },
  );

  app.post(
    '/goal',
    {
      ...common,
      schema: {
        ...doc,
        summary: 'Start a goal (409 while one is in progress or a reward is unclaimed)',
        body: CreateGoalBodySchema,
        response: { 201: GoalAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.query.id);
      const data = await createGoal(app.db, auth, request.body.target, app.clock.now());
      return reply.code(201).send({ status: 'success' as const, data });
    },
  );

  app.patch(
    '/goal',
    {
      ...common,
      schema: {
        ...doc,
        summary:
          'Set the target of the goal in progress; with none in progress and no reward unclaimed, start the goal with it',
        body: UpdateGoalBodySchema,
        response: { 200: GoalAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      const data = await updateGoalTarget(app.db, auth, request.body.target, app.clock.now());
      return { status: 'success' as const, data };
    },
  );

  app.post(
    '/goal/claim',
    {
      ...common,
      schema: {
        ...doc,
        summary: 'Claim the background won by the completed goal, once',
        body: z.union([z.strictObject({}), z.null()]).optional(),
        response: { 200: ClaimAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      const data = await claimReward(app.db, auth, app.clock.now(), app.env.PUBLIC_URL);
      return { status: 'success' as const, data };
    },
  );
};
