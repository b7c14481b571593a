import { AppError, ErrorBodySchema, successEnvelope } from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/migrate';

/** What keeps the server from being ready, as GET /api/ready names it (decision 044). */
export const NOT_READY_REASONS = ['migrating', 'stopping', 'database', 'storage', 'redis'] as const;
export type NotReadyReason = (typeof NOT_READY_REASONS)[number];

/** How long the readiness check waits for the database and Redis before counting them down. */
export const READY_CHECK_TIMEOUT_MS = 2000;

const NotReadySchema = ErrorBodySchema.extend({
  reasons: z
    .array(z.enum(NOT_READY_REASONS))
    .describe(
      'What is not ready: migrating (the server is starting: migrations and key checks run), ' +
        'stopping (a stop signal came), database or redis (not answering), storage (writes ' +
        "fail: the database's disk is full).",
    ),
});

/** Rejects when the promise takes longer than the readiness check may wait. */
function withinTimeout(promise: Promise<unknown>, what: string): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer in time`)),
      READY_CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false, answersWhileStarting: true },
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

  app.get(
    '/ready',
    {
      config: { rateLimit: false, answersWhileStarting: true },
      schema: {
        tags: ['health'],
        summary: 'Should this server get traffic? (for a load balancer or orchestrator)',
        description:
          'Unlike /api/health (is the process alive?), this answers 503 while the server starts ' +
          '(migrations run), once it is stopping, while its database or its Redis (when ' +
          "configured) does not answer, and while writes fail for lack of space (the database's " +
          'disk is full); `reasons` names each.',
        response: {
          200: successEnvelope(z.object({ ready: z.literal(true) })),
          503: NotReadySchema,
        },
      },
    },
    async (request, reply) => {
      const reasons: NotReadyReason[] = [];
      const state = app.readiness.state;
      if (state === 'starting') reasons.push('migrating');
      if (state === 'stopping') reasons.push('stopping');
      if (state === 'ready') {
        const [database, redis] = await Promise.allSettled([
          withinTimeout(pingDatabase(app.dbHandle), 'the database'),
          app.redis ? withinTimeout(app.redis.ping(), 'Redis') : Promise.resolve(),
        ]);
        if (database.status === 'rejected') {
          request.log.warn({ err: database.reason }, 'readiness: the database is not answering');
          reasons.push('database');
        }
        if (app.readiness.storage.full) reasons.push('storage');
        if (redis.status === 'rejected') {
          request.log.warn({ err: redis.reason }, 'readiness: Redis is not answering');
          reasons.push('redis');
        }
      }
      if (reasons.length === 0)
        return { status: 'success' as const, data: { ready: true as const } };
      return reply.code(503).send({
        status: 'fail' as const,
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: `Not ready: ${reasons.join(', ')}`,
        reasons,
      });
    },
  );
};
