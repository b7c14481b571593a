import { AppError, ErrorBodySchema, successEnvelope } from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/migrate';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Is the server up and its database answering?',
        response: {
          200: successEnvelope(z.object({ database: z.enum(['pglite', 'postgres']) })),
          503: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      try {
        await pingDatabase(app.dbHandle);
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not answering');
      }
      return { status: 'success' as const, data: { database: app.dbHandle.kind } };
    },
  );
};
