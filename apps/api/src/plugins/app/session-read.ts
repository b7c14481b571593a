import type { FastifyRequest } from 'fastify';
import type { LiveSessionRow } from '../../modules/auth/auth-sessions.repository';
import type { Executor } from '../../db/client';

/**
 * The row of a lookup that reads with the session: the user's local date the statement read on
 * (SESSION_USER_TODAY) and what it read.
 */
export type SessionReadRow<T> = LiveSessionRow & { today: string; read: T };

/**
 * A route's read folded into its session lookup (decision 048): one statement checks the session,
 * answers the user's row (so the rollover check) and reads the route's answer on the user's day.
 */
export interface SessionRead<T> {
  /**
   * The statement, given the request to take its parameters from (raw: it runs before
   * validation, so it must check them and, when they are unusable, run the plain lookup).
   */
  lookup(
    db: Executor,
    tokenHash: string,
    now: Date,
    request: FastifyRequest,
  ): Promise<LiveSessionRow | SessionReadRow<T> | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The read this request's session lookup makes in the same statement (undefined: the plain
     * lookup). Called in onRequest, before validation: it may only choose, never trust the input.
     */
    sessionRead?: (request: FastifyRequest) => SessionRead<unknown> | undefined;
  }
}

/** The SessionRead of a route for a request, chosen once: the lookup and the route agree on it. */
const chosen = new WeakMap<FastifyRequest, SessionRead<unknown> | undefined>();

/** The read the route wants with its session lookup, for this request. */
export function chooseSessionRead(request: FastifyRequest): SessionRead<unknown> | undefined {
  if (chosen.has(request)) return chosen.get(request);
  const choice = request.routeOptions.config?.sessionRead?.(request);
  chosen.set(request, choice);
  return choice;
}

const reads = new WeakMap<FastifyRequest, { source: SessionRead<unknown>; read: unknown }>();

/**
 * For the auth hook alone: keeps what the lookup read with the session. Not called when the day
 * rolled over during authentication, nor when the statement's local date is not the app's.
 */
export function keepSessionRead(
  request: FastifyRequest,
  source: SessionRead<unknown>,
  read: unknown,
): void {
  reads.set(request, { source, read });
}

/**
 * What the session lookup read for the route's `source`, taken once, on a GET or HEAD only (a
 * call that may write reads what it answers); undefined when it read nothing usable, and the
 * route reads it now.
 */
export function takeSessionRead<T>(request: FastifyRequest, source: SessionRead<T>): T | undefined {
  const kept = reads.get(request);
  reads.delete(request);
  if (!kept || kept.source !== source) return undefined;
  return request.method === 'GET' || request.method === 'HEAD' ? (kept.read as T) : undefined;
}
