import {
  CreateDiaryBodySchema,
  DiaryAnswerSchema,
  DiaryListAnswerSchema,
  DiaryListQuerySchema,
  ErrorBodySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { createDiary, getDiaries } from './diary.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const doc = { tags: ['diary'], security: [{ bearer: [] }] };

export const diaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/diary',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Every diary entry, newest first; or a page of them (limit, before)',
        querystring: DiaryListQuerySchema,
        response: { 200: DiaryListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { id, limit, before } = request.query;
      const auth = assertOwnId(request, id);
      return {
        status: 'success' as const,
        data: await getDiaries(app.db, app.diaryVault, auth, { limit, before }),
      };
    },
  );

  app.post(
    '/diary',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: "Write today's entry (one a local day)",
        body: CreateDiaryBodySchema,
        response: { 201: DiaryAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.body.id);
      const data = await createDiary(app.db, app.diaryVault, auth, request.body, app.clock.now());
      return reply.code(201).send({ status: 'success' as const, data });
    },
  );
};
