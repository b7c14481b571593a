import { ErrorBodySchema, HistoryAnswerSchema, HistoryQuerySchema } from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentedJson } from '../../lib/presented-json';
import { assertOwnId } from '../../plugins/app/auth';
import { takeSessionRead, type SessionRead } from '../../plugins/app/session-read';
import { findSessionWithDailyPoints, type DayPoints } from './history.repository';
import { getDailyPoints, getHistorySummary } from './history.service';

/** GET /history's points per day, read by the session lookup's statement (decision 048). */
const POINTS_READ: SessionRead<{ start: string; end: string; sums: DayPoints[] }> = {
  lookup: findSessionWithDailyPoints,
};
const choosePointsRead = () => POINTS_READ as SessionRead<unknown>;

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/history',
    {
      onRequest: app.authenticate,
      config: { sessionRead: choosePointsRead },
      // A hot read: its answer is built by the history presenter, field by field (decision 058).
      serializerCompiler: presentedJson,
      schema: {
        tags: ['history'],
        security: [{ bearer: [] }],
        summary:
          "The current goal's summary; with startDate and endDate (ms), points per local day",
        querystring: HistoryQuerySchema,
        response: {
          200: HistoryAnswerSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { id, startDate, endDate } = request.query;
      const auth = assertOwnId(request, id);
      const data =
        startDate !== undefined && endDate !== undefined
          ? await getDailyPoints(
              app.db,
              auth,
              startDate,
              endDate,
              takeSessionRead(request, POINTS_READ),
            )
          : await getHistorySummary(app.db, auth);
      return { status: 'success' as const, data };
    },
  );
};
