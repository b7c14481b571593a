import { AppError } from '@wellspring/shared';
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A parsed value (JSON, a query string's own object), not a stream, socket or server. */
function isParsed(value: object): boolean {
  return !(value instanceof EventEmitter);
}

/**
 * The path of the first string holding U+0000 in a parsed body or query, or undefined. It walks
 * with a stack of its own, not by recursion: a client decides how deep a JSON body nests. A body
 * passed on as a stream (a file to import, whose reader checks its own text) is not walked: it is
 * a graph of sockets and servers, with cycles.
 */
export function findNulPath(value: unknown, path: string): string | undefined {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [current, at] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return at;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) pending.push([current[i], `${at}.${i}`]);
    } else if (current && typeof current === 'object' && isParsed(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, inner] = entries[i]!;
        if (key.includes('\u0000')) pending.push([key, `${at}.${key}`]);
        else pending.push([inner, `${at}.${key}`]);
      }
    }
  }
  return undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's own body parser refuses U+0000 (the account import, whose body is too large
     * to walk here without holding the event loop).
     */
    isBodyCheckedForNul?: boolean;
  }
}

/**
 * PostgreSQL text cannot hold U+0000. Any body, query or path parameter carrying it is refused as
 * bad input before validation, so no route can turn it into a database error.
 */
export const noNulPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const isBodyChecked = request.routeOptions.config.isBodyCheckedForNul === true;
      const path =
        findNulPath(request.query, 'querystring') ??
        findNulPath(request.params, 'params') ??
        (isBodyChecked ? undefined : findNulPath(request.body, 'body'));
      if (path) {
        const message = 'contains a character that cannot be saved';
        throw new AppError('VALIDATION_ERROR', `Invalid ${path}: ${message}`, [{ path, message }]);
      }
    });
  },
  { name: 'no-nul' },
);
