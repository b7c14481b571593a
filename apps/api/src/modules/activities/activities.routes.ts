import {
  ActivityAnswerSchema,
  ActivityListAnswerSchema,
  ActivityParamsSchema,
  CreateActivityBodySchema,
  ErrorBodySchema,
  UserIdQuerySchema,
  MergeActivityBodySchema,
  UpdateActivityBodySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import {
  createActivity,
  listActivities,
  mergeActivity,
  updateActivity,
} from './activities.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const doc = { tags: ['activities'], security: [{ bearer: [] }] };

/** The user's own list of activities, which check-ins name (decision 074). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activities',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Your activities in the picker’s order, archived ones included',
        description: 'The first call starts the list from the default set.',
        querystring: UserIdQuerySchema,
        response: { 200: ActivityListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await listActivities(app.db, auth, app.clock.now()),
      };
    },
  );

  app.post(
    '/activities',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Add an activity at the end of its group',
        description: 'At most 200 (409 ACTIVITY_LIMIT); names unique ignoring case (409).',
        querystring: UserIdQuerySchema,
        body: CreateActivityBodySchema,
        response: { 201: ActivityAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.query.id);
      const data = await createActivity(app.db, auth, request.body, app.clock.now());
      return reply.code(201).send({ status: 'success' as const, data });
    },
  );

  app.patch(
    '/activities/:activityId',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Rename, regroup, move, re-icon, archive or bring back an activity',
        querystring: UserIdQuerySchema,
        params: ActivityParamsSchema,
        body: UpdateActivityBodySchema,
        response: { 200: ActivityAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await updateActivity(
          app.db,
          auth,
          request.params.activityId,
          request.body,
          app.clock.now(),
        ),
      };
    },
  );

  app.post(
    '/activities/:activityId/merge',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Merge an activity into another: its check-ins move over, then it goes',
        querystring: UserIdQuerySchema,
        params: ActivityParamsSchema,
        body: MergeActivityBodySchema,
        response: { 200: ActivityAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await mergeActivity(app.db, auth, request.params.activityId, request.body.intoId),
      };
    },
  );
};
