import { Readable } from 'node:stream';
import {
  AppError,
  ErrorBodySchema,
  ImportPreviewAnswerSchema,
  ImportPreviewQuerySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../config/env';
import { assertOwnId } from '../../plugins/app/auth';
import { previewImport, type ImportSettings } from './imports.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
};
const doc = { tags: ['imports'], security: [{ bearer: [] }] };

/** Decision 080's limits, from the settings. */
export function importSettings(env: Env): ImportSettings {
  return {
    maxBytes: env.IMPORT_UPLOAD_MAX_MB * 1024 * 1024,
    limits: {
      maxEntries: env.IMPORT_MAX_ENTRIES,
      maxLineBytes: env.IMPORT_MAX_LINE_BYTES,
      maxColumns: 100,
    },
  };
}

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file is read as it arrives and counted against its limit, never parsed whole by the
  // server's own parsers (a JSON backup is a file here too); a body of any other type is 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['text/csv', 'application/json', 'application/octet-stream'],
    (_request, payload, done) => done(null, payload),
  );
  const settings = importSettings(app.env);

  app.post(
    '/imports/preview',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'What a file from another app holds, before anything is written',
        description:
          'The body is the file as it was exported: text/csv for a Daylio CSV export, ' +
          'application/json for a Pixels backup. Nothing is ' +
          'written: the answer lists what an import would bring, and every row that cannot be read.',
        querystring: ImportPreviewQuerySchema,
        response: { 200: ImportPreviewAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      // No body at all reaches no parser: nothing to read is not a file either.
      if (!(request.body instanceof Readable)) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the file as it was exported (text/csv or application/json)',
        );
      }
      const data = await previewImport(app.db, auth, request.body, settings);
      return { status: 'success' as const, data };
    },
  );
};
