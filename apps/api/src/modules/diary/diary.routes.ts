import {
  CreateDiaryBodySchema,
  DiaryAnswerSchema,
  DiaryListAnswerSchema,
  DiaryListQuerySchema,
  ErrorBodySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStreamed } from '../../lib/streamed-answer';
import { assertOwnId } from '../../plugins/app/auth';
import { createDiary, getDiaries, openDiaryList } from './diary.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const doc = { tags: ['diary'], security: [{ bearer: [] }] };
/** What Fastify names a serialized JSON answer; the streamed list is named the same. */
const JSON_TYPE = 'application/json; charset=utf-8';

export const diaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/diary',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Every diary entry, newest first; or a page of them (limit, before)',
        description:
          'Without limit, every entry (of days before `before`, when given), sent as it is read ' +
          'in pages (decision 086): the same JSON, chunked, with no Content-Length.',
        querystring: DiaryListQuerySchema,
        response: { 200: DiaryListAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, limit, before } = request.query;
      const auth = assertOwnId(request, id);
      if (limit === undefined) {
        // SPEC.md's whole list, streamed a page at a time (decision 086): the same 200 schema,
        // each entry encoded through it, the bytes the serializer would write.
        return sendStreamed(request, reply, JSON_TYPE, () =>
          openDiaryList(app.db, app.diaryVault, auth, before),
        );
      }
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
