import rateLimit from '@fastify/rate-limit';
import { AppError } from '@wellspring/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { lookupSession } from '../app/auth';
import { isApiPath } from './web';

function rateLimited(): AppError {
  return new AppError('RATE_LIMITED', 'Too many requests, please try again later');
}

/**
 * Whom a request counts against: the user of a live session, otherwise the address. A bearer token
 * that opens no live session (malformed, random, revoked, expired) counts against the address,
 * so a client cannot dodge the limit by sending a new made-up token with every request.
 */
async function callerKey(request: FastifyRequest): Promise<string> {
  // A route's own limit runs after the route's authentication, when there is one.
  if (request.authContext) return `u:${request.authContext.userId}`;
  // Sign-in routes count by address until authenticated: a session buys no fresh budget there.
  if (request.routeOptions.config?.rateLimit) return `ip:${request.ip}`;
  try {
    const session = await lookupSession(request);
    if (session) return `u:${session.user.id}`;
  } catch (error) {
    // The database is down: the address still limits; the route itself reports the outage.
    request.log.warn({ err: error }, 'rate limit: session lookup failed, keyed by address');
  }
  return `ip:${request.ip}`;
}

/**
 * Request-rate limits, shared through Redis when configured. Every request counts against
 * RATE_LIMIT_MAX per user (per address when not signed in), before any other hook, so even the
 * requests that fail authentication are counted; sign-in routes also have their own, lower limit.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.env.REDIS_URL
      ? new Redis(app.env.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(rateLimit, {
      // The general limit is the hook below; the plugin applies the routes' own limits.
      global: false,
      max: app.env.RATE_LIMIT_MAX,
      timeWindow: app.env.RATE_LIMIT_WINDOW_MS,
      ...(redis ? { redis, nameSpace: 'wellspring-rl:' } : {}),
      keyGenerator: callerKey,
      errorResponseBuilder: () => rateLimited(),
    });

    // Without options, the limiter uses the plugin's settings and store, keys unprefixed.
    const checkLimit = app.createRateLimit();
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config?.rateLimit === false) return;
      // The web app's files (a page load is some 20 of them) cost nothing to count against;
      // every API call is counted.
      if (!isApiPath(request.url)) return;
      const limit = await checkLimit(request);
      if (limit.isAllowed) return;
      reply.header('x-ratelimit-limit', limit.max);
      reply.header('x-ratelimit-remaining', limit.remaining);
      reply.header('x-ratelimit-reset', limit.ttlInSeconds);
      if (limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        throw rateLimited();
      }
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);
