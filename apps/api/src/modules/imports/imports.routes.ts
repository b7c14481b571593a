import { Readable } from 'node:stream';
import {
  AppError,
  CreateImportQuerySchema,
  ErrorBodySchema,
  ImportRunAnswerSchema,
  ImportRunListAnswerSchema,
  ImportMoodMappingSchema,
  ImportRunParamsSchema,
  ImportPreviewAnswerSchema,
  ImportPreviewQuerySchema,
  UserIdQuerySchema,
  type ImportMoodMapping,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../config/env';
import { assertOwnId } from '../../plugins/app/auth';
import { cancelOrUndoImport, presentImport } from './import-run';
import { listImportRows } from './imports.repository';
import { previewImport, readUpload, type ImportSettings } from './imports.service';

const errors = {
  400: ErrorBodySchema,
  409: ErrorBodySchema,
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
    maxArchiveBytes: env.IMPORT_BACKUP_MAX_MB * 1024 * 1024,
    limits: {
      maxTextBytes: env.IMPORT_UPLOAD_MAX_MB * 1024 * 1024,
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
      const data = await previewImport(app.db, auth, uploaded(request.body), settings);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    '/imports',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Import a file from another app, with the moods chosen for its mood names',
        description:
          'The body is the file again, as for the preview. The answer comes once the file is read ' +
          'and the import has started (202); its days are written after, in the background: ' +
          'GET /imports shows the progress. Imported entries are back-filled: they earn nothing. ' +
          'Days the account already holds are skipped whole.',
        querystring: CreateImportQuerySchema,
        response: { 202: ImportRunAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.query.id);
      const mapping = moodMapping(request.query.moods);
      const file = await readUpload(auth, uploaded(request.body), settings);
      const row = await app.importRunner.start(auth, file, mapping);
      reply.code(202);
      return { status: 'success' as const, data: presentImport(row, app.clock.now()) };
    },
  );

  app.get(
    '/imports',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: "The caller's imports, newest first: progress, and until when each can be undone",
        querystring: UserIdQuerySchema,
        response: { 200: ImportRunListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      const now = app.clock.now();
      const rows = await listImportRows(app.db, auth.userId);
      return { status: 'success' as const, data: rows.map((row) => presentImport(row, now)) };
    },
  );

  app.delete(
    '/imports/:importId',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Cancel a running import, or undo a finished one within 7 days',
        description:
          'A running import stops at its next batch and everything it wrote is taken back ' +
          '(cancelling, then cancelled). A finished one is taken back as a whole at once (undone).',
        params: ImportRunParamsSchema,
        querystring: UserIdQuerySchema,
        response: { 200: ImportRunAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      const now = app.clock.now();
      const row = await cancelOrUndoImport(app.db, auth, request.params.importId, now);
      return { status: 'success' as const, data: presentImport(row, now) };
    },
  );
};

/** The upload as a stream; no body at all reaches no parser, and is not a file either. */
function uploaded(body: unknown): Readable {
  if (!(body instanceof Readable)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as it was exported (text/csv or application/json)',
    );
  }
  return body;
}

/** The `moods` query read as JSON: each of the file's mood names to one of the five moods. */
function moodMapping(text: string): ImportMoodMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = ImportMoodMappingSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_ERROR',
      'moods is a JSON object from each mood name of the file to one of the five moods',
      [{ path: 'querystring.moods', message: 'Expected {"name":"Happy", ...}' }],
    );
  }
  return parsed.data;
}
