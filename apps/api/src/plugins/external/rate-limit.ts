import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { AppError } from '@wellspring/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { rateLimitRefusals } from '../../lib/metrics';
import { lookupSession } from '../app/auth';
import { isApiPath } from './web';

/**
 * The address a caller is counted by: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:a.b.c.d`), an IPv6 address by its /64 network, since one subscriber usually holds a
 * whole /64 and could otherwise take a fresh address for every request.
 */
export function addressKeyOf(ip: string): string {
  return normalizeIP(ip, 64);
}

function rateLimited(): AppError {
  return new AppError('RATE_LIMITED', 'Too many requests, please try again later');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis the limits are shared through, when REDIS_URL is set (the readiness check pings it). */
    redis: Redis | undefined;
  }
  interface FastifyContextConfig {
    /** The route draws on the sign-in budget (see AUTH_BUDGET). */
    authBudget?: boolean;
  }
}

/**
 * The route config that puts a route under the sign-in budget: `config: AUTH_BUDGET`.
 * RATE_LIMIT_AUTH_MAX calls a window, one budget shared by every route that carries it, under
 * both prefixes and for every method (HEAD too): per address on a public route, per user on an
 * authenticated one (its limit runs after the route's own `onRequest: app.authenticate`).
 */
export const AUTH_BUDGET = { authBudget: true } as const;

const addressOf = (request: FastifyRequest) => `ip:${addressKeyOf(request.ip)}`;

/**
 * Whom a request counts against: the user of a live session, otherwise the address. A bearer token
 * that opens no live session (malformed, random, revoked, expired) counts against the address,
 * so a client cannot dodge the limit by sending a new made-up token with every request.
 */
async function callerKey(request: FastifyRequest): Promise<string> {
  // Sign-in routes count by address: a session buys no fresh budget there.
  if (request.routeOptions.config?.authBudget) return addressOf(request);
  try {
    const session = await lookupSession(request);
    if (session) return `u:${session.user.id}`;
  } catch (error) {
    // The database is down: the address still limits; the route itself reports the outage.
    request.log.warn({ err: error }, 'rate limit: session lookup failed, keyed by address');
  }
  return addressOf(request);
}

/** Whom a call counts against in the sign-in budget: the authenticated user, else the address. */
function authBudgetKey(request: FastifyRequest): string {
  return request.authContext
    ? `auth:u:${request.authContext.userId}`
    : `auth:${addressOf(request)}`;
}

type LimitCheck = ReturnType<FastifyInstance['createRateLimit']>;

/** Answers 429 with Retry-After once a limit is spent; sets the limit headers on the way. */
async function enforce(
  check: LimitCheck,
  limitName: 'general' | 'auth',
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const limit = await check(request);
  if (limit.isAllowed) return;
  reply.header('x-ratelimit-limit', limit.max);
  reply.header('x-ratelimit-remaining', limit.remaining);
  reply.header('x-ratelimit-reset', limit.ttlInSeconds);
  if (limit.isExceeded) {
    reply.header('retry-after', limit.ttlInSeconds);
    rateLimitRefusals.inc({ limit: limitName });
    throw rateLimited();
  }
}

/**
 * Request-rate limits, shared through Redis when configured. Every request counts against
 * RATE_LIMIT_MAX per user (per address when not signed in), before any other hook, so even the
 * requests that fail authentication are counted; sign-in routes also draw on the sign-in budget.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.env.REDIS_URL
      ? new Redis(app.env.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
      : undefined;
    if (redis) {
      app.addHook('onClose', async () => void (await redis.quit()));
      // Told once per outage (the client retries on its own), in the log rather than on stderr.
      let reported = false;
      redis.on('error', (err: Error) => {
        if (!reported) app.log.warn({ err }, 'Redis is not answering; retrying');
        reported = true;
      });
      redis.on('ready', () => {
        reported = false;
      });
    }
    app.decorate('redis', redis);
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
      await enforce(checkLimit, 'general', request, reply);
    });

    // One limiter, so one store, for every route under the sign-in budget: the plugin's own
    // per-route limits would give each route, prefix and method a budget of its own. In Redis its
    // keys read `wellspring-rl:undefinedundefined-auth:ip:…`: the library names a limiter's store
    // after a route, and this one has none.
    const checkAuthBudget = app.createRateLimit({
      max: app.env.RATE_LIMIT_AUTH_MAX,
      timeWindow: app.env.RATE_LIMIT_WINDOW_MS,
      keyGenerator: authBudgetKey,
    });
    const counted = new WeakSet<FastifyRequest>();
    const spendAuthBudget = async (request: FastifyRequest, reply: FastifyReply) => {
      if (counted.has(request)) return;
      counted.add(request);
      await enforce(checkAuthBudget, 'auth', request, reply);
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.authBudget) return;
      // Last, after the route's own authentication; a new array, as Fastify copies a GET's
      // options for its HEAD route and this hook runs again for that one.
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [...own, spendAuthBudget];
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);
