import {
  CheckInAnswerSchema,
  CheckInDayAnswerSchema,
  CheckInDayQuerySchema,
  CheckInDeletedAnswerSchema,
  CheckInParamsSchema,
  CreateCheckInBodySchema,
  ErrorBodySchema,
  UserIdQuerySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { deleteCheckIn, getDayCheckIns, recordCheckIn } from './check-ins.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const doc = { tags: ['check-ins'], security: [{ bearer: [] }] };

/** Check-ins: several moments a day, each a mood with optional feelings (decision 073). */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/check-ins',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: "One local day's check-ins, in the order they were taken",
        querystring: CheckInDayQuerySchema,
        response: { 200: CheckInDayAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await getDayCheckIns(app.db, app.diaryVault, auth, request.query.date),
      };
    },
  );

  app.post(
    '/check-ins',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Record a check-in: now, taken offline earlier, or for a missed past day',
        description:
          'At most 20 a local day (409 CHECK_IN_LIMIT). A day in the future or before the ' +
          'account answers 400 DAY_OUT_OF_RANGE. A back-filled one earns nothing.',
        querystring: UserIdQuerySchema,
        body: CreateCheckInBodySchema,
        response: { 201: CheckInAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.query.id);
      const data = await recordCheckIn(app.db, app.diaryVault, auth, request.body, app.clock.now());
      return reply.code(201).send({ status: 'success' as const, data });
    },
  );

  app.delete(
    '/check-ins/:checkInId',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Delete one of your check-ins',
        querystring: UserIdQuerySchema,
        params: CheckInParamsSchema,
        response: { 200: CheckInDeletedAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await deleteCheckIn(app.db, auth, request.params.checkInId, app.clock.now()),
      };
    },
  );
};
