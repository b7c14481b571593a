import {
  DismissSupportBodySchema,
  ErrorBodySchema,
  InsightsDayAnswerSchema,
  InsightsDayQuerySchema,
  InsightsSupportAnswerSchema,
  InsightsSupportQuerySchema,
  InsightsCalendarAnswerSchema,
  InsightsCalendarQuerySchema,
  InsightsFindingsAnswerSchema,
  InsightsFindingsQuerySchema,
  InsightsTrendsAnswerSchema,
  InsightsTrendsQuerySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import {
  dismissSupport,
  getCalendar,
  getDay,
  getFindings,
  getSupport,
  getTrends,
} from './insights.service';

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

  app.get(
    '/insights/day',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'One local day: its mood, its diary entry (read-only) and the tasks completed',
        querystring: InsightsDayQuerySchema,
        response: { 200: InsightsDayAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await getDay(app.db, app.diaryVault, auth, request.query.date),
      };
    },
  );

  app.get(
    '/insights/support',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary:
          'Whether to offer the gentle support card: a run of low moods, not dismissed in 7 days',
        querystring: InsightsSupportQuerySchema,
        response: { 200: InsightsSupportAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return { status: 'success' as const, data: await getSupport(app.db, auth) };
    },
  );

  app.post(
    '/insights/support/dismiss',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Hide the support card for 7 days',
        body: DismissSupportBodySchema,
        response: { 200: InsightsSupportAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.body.id);
      return { status: 'success' as const, data: await dismissSupport(app.db, auth) };
    },
  );
};
