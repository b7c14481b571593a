import {
  DiarySearchAnswerSchema,
  DiarySearchQuerySchema,
  ErrorBodySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { searchDiaries } from './diary-search';

export const diarySearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/diary/search',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['diary'],
        security: [{ bearer: [] }],
        summary:
          'Diary entries holding every word (any case), newest first, one bounded batch of entries a page',
        querystring: DiarySearchQuerySchema,
        response: {
          200: DiarySearchAnswerSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { id, q, page } = request.query;
      const auth = assertOwnId(request, id);
      const data = await searchDiaries(app.db, app.diaryVault, auth, q, page ?? 1);
      return { status: 'success' as const, data };
    },
  );
};
