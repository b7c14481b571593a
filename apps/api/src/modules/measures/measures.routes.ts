import {
  CreateMeasureResultBodySchema,
  ErrorBodySchema,
  MEASURE_IDS,
  MEASURES,
  MeasureDefinitionsAnswerSchema,
  MeasureParamsSchema,
  MeasureResultAnswerSchema,
  MeasureResultListAnswerSchema,
  MeasureResultListQuerySchema,
  MeasureResultParamsSchema,
  NOT_A_DIAGNOSIS,
  SupportResourcesAnswerSchema,
  MeasureResultDeletedAnswerSchema,
  UserIdQuerySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { listResults, recordMeasureResult, removeMeasureResult } from './measures.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const doc = { tags: ['measures'], security: [{ bearer: [] }] };

/** The questionnaires clinicians use, and where to turn in a crisis (decision 083). */
export const measureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/measures',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'The questionnaires as published: wording, options, scoring bands and credit',
        querystring: UserIdQuerySchema,
        response: { 200: MeasureDefinitionsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: {
          measures: MEASURE_IDS.map((id) => MEASURES[id]).map((m) => ({
            ...m,
            items: [...m.items],
            options: [...m.options],
            bands: [...m.bands],
            difficulty: m.difficulty && { ...m.difficulty, options: [...m.difficulty.options] },
          })),
          notADiagnosis: NOT_A_DIAGNOSIS,
        },
      };
    },
  );

  app.post(
    '/measures/:measure/results',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: "Take a questionnaire: its answers scored, kept as the day's result",
        description:
          'One answer a question, each a value of its options (400 MEASURE_ANSWERS_INVALID ' +
          'otherwise). Taken again the same local day, it replaces that day’s answers.',
        querystring: UserIdQuerySchema,
        params: MeasureParamsSchema,
        body: CreateMeasureResultBodySchema,
        response: { 201: MeasureResultAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.query.id);
      const data = await recordMeasureResult(
        app.db,
        auth,
        request.params.measure,
        request.body,
        app.clock.now(),
      );
      return reply.code(201).send({ status: 'success' as const, data });
    },
  );

  app.get(
    '/measure-results',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Your questionnaire results, newest first, a page at a time',
        querystring: MeasureResultListQuerySchema,
        response: { 200: MeasureResultListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return { status: 'success' as const, data: await listResults(app.db, auth, request.query) };
    },
  );

  app.delete(
    '/measure-results/:resultId',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Delete one of your questionnaire results',
        querystring: UserIdQuerySchema,
        params: MeasureResultParamsSchema,
        response: { 200: MeasureResultDeletedAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      await removeMeasureResult(app.db, auth, request.params.resultId);
      return { status: 'success' as const, data: { id: request.params.resultId } };
    },
  );

  app.get(
    '/support-resources',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Where to turn in a crisis: the helplines this deployment names',
        response: { 200: SupportResourcesAnswerSchema, 401: ErrorBodySchema },
      },
    },
    async () => ({
      status: 'success' as const,
      data: { resources: app.env.SUPPORT_RESOURCES },
    }),
  );
};
