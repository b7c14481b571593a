import { ErrorBodySchema, HistoryAnswerSchema, HistoryQuerySchema } from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { getDailyPoints, getHistorySummary } from './history.service';

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/history',
    {
      onRequest: app.authenticate,
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
          ? await getDailyPoints(app.db, auth, startDate, endDate)
          : await getHistorySummary(app.db, auth);
      return { status: 'success' as const, data };
    },
  );
};
