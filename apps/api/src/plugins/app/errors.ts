import { ERROR_STATUS, isAppError, type ErrorBody, type ErrorCode } from '@wellspring/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import pino from 'pino';
import { storageFullRefusals } from '../../lib/metrics';
import { DISK_FULL_SQLSTATE } from '../../lib/storage-full';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';

/** Fastify's own client errors, by code, as ours. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the body as application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The JSON body is empty' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'Invalid content length' },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: 'The URL is malformed' },
};

/**
 * Database errors a client causes by what it sends: PostgreSQL cannot store the text
 * (a NUL character, or one outside UTF-8). They are bad input, never a server fault.
 */
const CLIENT_SQLSTATES = new Set(['22021', '22P05']);

/** The SQLSTATE of a database error, looking through the wrappers Drizzle puts around it. */
function findSqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The values bound to a failed query, along the cause chain: they must never reach a log. */
function collectQueryParams(error: unknown): { chunks: string[]; values: string[] } {
  const chunks: string[] = [];
  const values: string[] = [];
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth += 1) {
    const params = (e as { params?: unknown }).params;
    if (Array.isArray(params)) {
      // Drizzle's DrizzleQueryError puts them in its message as `\nparams: ${params}`.
      chunks.push(`\nparams: ${String(params)}`);
      for (const value of params) {
        if (typeof value === 'string' && value.length >= 4) values.push(value);
      }
    }
    e = (e as { cause?: unknown }).cause;
  }
  // The longest first, so a value that contains another is removed whole.
  values.sort((a, b) => b.length - a.length);
  return { chunks, values };
}

/**
 * pino's error serializer, minus the values bound to a failed query: a failed insert would
 * otherwise log a password hash, an email or a whole diary entry (PRODUCT.md section 7).
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (!serialized || typeof serialized !== 'object') return serialized;
  const { chunks, values } = collectQueryParams(error);
  if (chunks.length === 0) return serialized;
  const scrub = (text: string) => {
    let out = text;
    for (const chunk of chunks) out = out.split(chunk).join('');
    for (const value of values) out = out.split(value).join('[redacted]');
    return out;
  };
  const out = serialized as Record<string, unknown>;
  delete out.params;
  if (typeof out.message === 'string') out.message = scrub(out.message);
  if (typeof out.stack === 'string') out.stack = scrub(out.stack);
  return out;
}

function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  issues?: ErrorBody['issues'],
) {
  const statusCode = ERROR_STATUS[code];
  const body: ErrorBody = { status: 'fail', statusCode, code, message, requestId: request.id };
  if (issues) body.issues = issues;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * Headers for the answers Fastify's router gives before any hook runs (a URL it cannot decode):
 * helmet never sees those, so they get the strictest form of its policy here.
 */
const FRAMEWORK_ERROR_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/** Fastify's `frameworkErrors`: a malformed or oversized URL answers the envelope, with a request id. */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.headers(FRAMEWORK_ERROR_HEADERS);
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, request, 'BAD_REQUEST', 'The URL is malformed');
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, request, 'BAD_REQUEST', 'The URL is too long');
  }
  request.log.error({ err: error }, 'unexpected router error');
  return sendError(reply, request, 'INTERNAL_ERROR', INTERNAL_MESSAGE);
}

/** Turns every error into the envelope of PRODUCT.md section 2; hides anything unexpected. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isAppError(error)) {
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
        return sendError(reply, request, error.code, error.message, error.issues);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = (error as { validationContext?: string }).validationContext ?? 'request';
        const issues = error.validation.map((v) => ({
          path: `${context}${v.instancePath.replace(/\//g, '.')}`,
          message: v.message ?? 'Invalid value',
        }));
        const first = issues[0];
        const message = first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request';
        return sendError(reply, request, 'VALIDATION_ERROR', message, issues);
      }
      const known = error.code ? FASTIFY_CODES[error.code] : undefined;
      if (known) return sendError(reply, request, known.code, known.message);
      const sqlState = findSqlState(error);
      if (sqlState && CLIENT_SQLSTATES.has(sqlState)) {
        request.log.info({ sqlState }, 'client sent text the database cannot store');
        return sendError(
          reply,
          request,
          'BAD_REQUEST',
          'The request holds a character that cannot be saved',
        );
      }
      if (sqlState === DISK_FULL_SQLSTATE) {
        // The transaction rolled back: nothing of the request was saved (decision 064).
        storageFullRefusals.inc();
        if (app.hasDecorator('readiness')) app.readiness.storage.markFull();
        request.log.error({ err: error }, "the database's storage is full");
        return sendError(
          reply,
          request,
          'STORAGE_FULL',
          "The server's storage is full: nothing was saved. Please try again later.",
        );
      }
      if (error.statusCode === 429) {
        return sendError(reply, request, 'RATE_LIMITED', 'Too many requests, please slow down');
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ code: error.code }, 'client error');
        return sendError(reply, request, 'BAD_REQUEST', 'The request could not be understood');
      }
      request.log.error({ err: error }, 'unexpected error');
      return sendError(reply, request, 'INTERNAL_ERROR', INTERNAL_MESSAGE);
    });
  },
  { name: 'errors' },
);
