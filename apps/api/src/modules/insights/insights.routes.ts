import {
  ErrorBodySchema,
  InsightsCalendarAnswerSchema,
  InsightsCalendarQuerySchema,
  InsightsFindingsAnswerSchema,
  InsightsFindingsQuerySchema,
  InsightsTrendsAnswerSchema,
  InsightsTrendsQuerySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { getCalendar, getFindings, getTrends } from './insights.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const doc = { tags: ['insights'], security: [{ bearer: [] }] };

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/insights/calendar',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary:
          'Each local day of a year with a mood, a diary entry or points earned, in the user’s time zone',
        querystring: InsightsCalendarQuerySchema,
        response: { 200: InsightsCalendarAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await getCalendar(app.db, auth, request.query.year),
      };
    },
  );

  app.get(
    '/insights/trends',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'The moods of the last 30, 90 or 365 local days, how often each came, by weekday',
        querystring: InsightsTrendsQuerySchema,
        response: { 200: InsightsTrendsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await getTrends(app.db, auth, request.query.days),
      };
    },
  );

  app.get(
    '/insights/findings',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary:
          'What went together with a better mood (5 days or more on each side), and whether to offer support',
        querystring: InsightsFindingsQuerySchema,
        response: { 200: InsightsFindingsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return { status: 'success' as const, data: await getFindings(app.db, auth) };
    },
  );
};
