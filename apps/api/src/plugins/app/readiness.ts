import { AppError } from '@wellspring/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Readiness } from '../../lib/readiness';
import { isApiPath } from '../external/web';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starting, ready or stopping: what GET /api/ready reports (decision 044). */
    readiness: Readiness;
  }
  interface FastifyContextConfig {
    /** The route answers while the server is still starting (the health and readiness checks). */
    answersWhileStarting?: boolean;
  }
}

/** Seconds a client is told to wait while the server starts. */
const RETRY_AFTER_STARTING_S = 5;

/**
 * Until the server is ready (its database migrated, its data keys checked), every API call but
 * the health and readiness checks answers 503: the server listens before it migrates, so an
 * orchestrator can ask it how the start is going. Registered before the rate limit, whose
 * session lookup reads tables that may not exist yet.
 */
export const readinessPlugin = fp(
  async (app: FastifyInstance, opts: { readiness?: Readiness }) => {
    app.decorate('readiness', opts.readiness ?? new Readiness('ready'));
    app.addHook('onRequest', async (request, reply) => {
      if (app.readiness.state !== 'starting') return;
      if (request.routeOptions.config?.answersWhileStarting) return;
      if (!isApiPath(request.url)) return;
      reply.header('retry-after', RETRY_AFTER_STARTING_S);
      throw new AppError('SERVICE_UNAVAILABLE', 'The server is starting; try again in a moment');
    });
  },
  { name: 'readiness', dependencies: ['errors'] },
);
