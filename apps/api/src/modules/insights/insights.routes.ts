import {
  DismissSupportBodySchema,
  ErrorBodySchema,
  InsightsDayAnswerSchema,
  InsightsDayQuerySchema,
  InsightsSupportAnswerSchema,
  InsightsSupportQuerySchema,
  InsightsCalendarAnswerSchema,
  InsightsCalendarQuerySchema,
  InsightsFeelingsAnswerSchema,
  InsightsFeelingsQuerySchema,
  InsightsFindingsAnswerSchema,
  InsightsOnThisDayAnswerSchema,
  InsightsOnThisDayQuerySchema,
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
  getFeelings,
  getFindings,
  getOnThisDay,
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

  app.get(
    '/insights/feelings',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary:
          'The feeling words of a month, how often each was named, and the words that went together with a better or worse day',
        querystring: InsightsFeelingsQuerySchema,
        response: { 200: InsightsFeelingsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await getFeelings(app.db, auth, request.query.month),
      };
    },
  );

  app.get(
    '/insights/on-this-day',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary:
          'The same date a month and a year ago: mood, check-ins, feeling words and the diary’s opening (low days only if turned on)',
        querystring: InsightsOnThisDayQuerySchema,
        response: { 200: InsightsOnThisDayAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await getOnThisDay(app.db, app.diaryVault, auth),
      };
    },
  );
};
