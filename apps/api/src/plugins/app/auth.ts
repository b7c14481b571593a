import { AppError } from '@wellspring/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { toLocalDate } from '../../lib/local-date';
import { findSession, type FoundSession } from '../../modules/auth/session-store';
import { isNewDay, rollOverDay } from '../../modules/user/day-rollover';
import type { AuthContext } from './context';

/** The bearer token of a request, or undefined. */
export function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The live session of each request's bearer token, looked up once per request. */
const sessionLookups = new WeakMap<FastifyRequest, Promise<FoundSession | null>>();

/**
 * The live session the request's bearer token opens, or null (no token, malformed, unknown,
 * revoked or expired). Memoized per request: the rate limit reads it before authentication does.
 */
export function lookupSession(request: FastifyRequest): Promise<FoundSession | null> {
  let lookup = sessionLookups.get(request);
  if (!lookup) {
    const token = readBearerToken(request);
    const { db, clock, env } = request.server;
    lookup = token
      ? findSession(db, token, clock.now(), {
          idleDays: env.SESSION_IDLE_DAYS,
          absoluteDays: env.SESSION_ABSOLUTE_DAYS,
        })
      : Promise.resolve(null);
    sessionLookups.set(request, lookup);
  }
  return lookup;
}

/** The caller, which an authenticated route can rely on. */
export function getAuth(request: FastifyRequest): AuthContext {
  if (!request.authContext) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return request.authContext;
}

/** SPEC.md sends the user's id as a parameter; it must be the caller's own, else 404. */
export function assertOwnId(request: FastifyRequest, id: string): AuthContext {
  const auth = getAuth(request);
  if (id !== auth.userId) throw new AppError('NOT_FOUND', 'No such user');
  return auth;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('authContext', null);

    /** Resolves the caller from the bearer token; null when it opens no live session. */
    async function resolveAuth(request: FastifyRequest): Promise<AuthContext | null> {
      const found = await lookupSession(request);
      if (!found) return null;
      const now = app.clock.now();
      const today = toLocalDate(now, found.user.timeZone);
      if (isNewDay(found.user.lastActiveDate, today))
        await rollOverDay(app.db, found.user.id, today);
      return {
        userId: found.user.id,
        sessionId: found.sessionId,
        timeZone: found.user.timeZone,
        today,
      };
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const auth = await resolveAuth(request);
      if (!auth) throw new AppError('UNAUTHORIZED', 'Please sign in');
      request.authContext = auth;
    });

    // Every answer to an authenticated call is private to its caller.
    app.addHook('onSend', async (request, reply) => {
      if (request.authContext || request.headers.authorization) {
        reply.header('Cache-Control', 'no-store');
      }
    });
  },
  { name: 'auth' },
);
