import { AppError } from '@wellspring/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  collectProcessMetrics,
  httpRequestDuration,
  httpRequests,
  isMetricsToken,
  metricsRegistry,
  signIns,
  trackDatabase,
  type SignInMethod,
  type SignInOutcome,
} from '../../lib/metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route signs someone in with this method: counted in wellspring_sign_ins_total. */
    signIn?: SignInMethod;
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Success with a session, refused by a rate limit, or failed for any other reason. */
function signInOutcome(statusCode: number): SignInOutcome {
  if (statusCode < 300) return 'success';
  if (statusCode === 429) return 'refused';
  return 'failure';
}

function countRequest(request: FastifyRequest, reply: FastifyReply) {
  const labels = {
    method: METHODS.has(request.method) ? request.method : 'OTHER',
    // The template (`/api/v1/background/user/:userId`), never the URL a caller sent.
    route: request.routeOptions.url ?? 'unmatched',
    status_code: String(reply.statusCode),
  };
  httpRequests.inc(labels);
  httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  const method = request.routeOptions.config?.signIn;
  if (method) signIns.inc({ method, outcome: signInOutcome(reply.statusCode) });
}

/**
 * Counts every answer into the process's metrics and, when METRICS_TOKEN is set, serves them at
 * GET /metrics in the Prometheus text format to a caller with `Authorization: Bearer <token>`
 * (decision 044). Unset, the route does not exist (404 like any unknown path).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => countRequest(request, reply));
    const untrack = trackDatabase(app.dbHandle);
    app.addHook('onClose', async () => void untrack());

    const token = app.env.METRICS_TOKEN;
    if (!token) return;
    collectProcessMetrics();
    app.get(
      '/metrics',
      // Not in the public API document; a scraper is not rate-limited (a wrong token is refused
      // at once, and the route costs no database work).
      { config: { rateLimit: false }, schema: { hide: true } },
      async (request, reply) => {
        if (!isMetricsToken(request.headers.authorization, token)) {
          throw new AppError('UNAUTHORIZED', 'A valid metrics token is required');
        }
        const text = await metricsRegistry.metrics();
        return reply
          .header('Cache-Control', 'no-store')
          .type(metricsRegistry.contentType)
          .send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['errors'] },
);
