import {
  AppError,
  DeleteAccountAnswerSchema,
  DeleteAccountBodySchema,
  ErrorBodySchema,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  EXPORT_EARLIEST_DATE,
  ExportFileSchema,
  IMPORT_BODY_LIMIT_BYTES,
  IMPORT_MAX_ISSUES,
  IMPORT_MAX_ROWS,
  IMPORT_NEWER_VERSION_MESSAGE,
  ImportAnswerSchema,
} from '@wellspring/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStreamed } from '../../lib/streamed-answer';
import { getAuth } from '../../plugins/app/auth';
import { deleteAccount } from './delete-account';
import { openAccountExport, writeMoodsCsv, writeTasksCsv } from './export-account';
import { IMPORT_BATCHING, importAccount } from './import-account';
import { writeDaylioCsv, writePixelsJson } from './export-other-apps';
import { parseImportBody, readImportFile } from './read-import-file';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * Sends a file as a download, streamed from its pieces as the client reads them. A HEAD request
 * gets the headers alone, without producing the file.
 */
async function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { name: string; type: string; open: () => Promise<AsyncIterable<string>> },
) {
  reply
    .header('Content-Disposition', `attachment; filename="${file.name}"`)
    .header('Cache-Control', 'no-store');
  return sendStreamed(request, reply, file.type, file.open);
}

/** A file written by a later version is refused by name, before the schema lists its differences. */
async function refuseNewerVersion(request: FastifyRequest) {
  const body = request.body as { format?: unknown; version?: unknown } | null;
  if (
    body &&
    typeof body === 'object' &&
    body.format === EXPORT_FORMAT &&
    typeof body.version === 'number' &&
    body.version > EXPORT_VERSION
  ) {
    throw new AppError('IMPORT_VERSION_UNSUPPORTED', IMPORT_NEWER_VERSION_MESSAGE);
  }
}

const IMPORT_DESCRIPTION = [
  'All or nothing, in one transaction. 409 ACCOUNT_NOT_EMPTY when the account has goals, tasks, ',
  'diary entries or moods; 413 over 20 MB; 400 for a file from a newer version ',
  '(IMPORT_VERSION_UNSUPPORTED), naming tasks or backgrounds this server lacks ',
  '(IMPORT_UNKNOWN_REFERENCE), or that is not one an honest export could be (VALIDATION_ERROR, ',
  `listing at most ${IMPORT_MAX_ISSUES} issues, first rows first, such as body.tasks.12.points). `,
  `At most ${Object.entries(IMPORT_MAX_ROWS)
    .map(([list, max]) => `${max.toLocaleString('en-US')} ${list}`)
    .join(', ')}. `,
  'The rows must keep the rules the API keeps: points of a task are its catalogue task’s; a goal’s ',
  'earned and taskCompleted are those of its completed tasks, its tier that of its target, and it ',
  'is Completed exactly when they reach it; goals follow one another, only the latest in progress; ',
  'a reward is a background of the goal’s tier not owned before, claimed before the next goal; ',
  'owned backgrounds are the default one and the claimed rewards; a task was accepted while its ',
  'goal was in progress, at most 30 a day and 10 OnGoing; one diary entry and one mood a day ',
  '(version 1) or at most 20 check-ins a day, one of them the daily mood, naming the file’s ',
  'activities, whose names are unique ignoring case (version 2); a back-filled entry written ',
  'after its day began; ',
  `every date from ${EXPORT_EARLIEST_DATE} to today (in the file’s time zone), every timestamp `,
  'no later than now, each day the date of its timestamp in some time zone. A task OnGoing from ',
  'an earlier day comes back Expired.',
].join('');

/** "Your data is yours": export, import and deletion of the caller's own account, by token alone. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = { tags: ['account'], security: [{ bearer: [] }] };

  app.get(
    '/account/export',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Download every row of the account as one JSON file',
        description:
          'Streams the document that POST /account/import takes (see its request body): ' +
          'the user, goals, tasks, diary entries, activities, check-ins (notes opened) and owned ' +
          'backgrounds, in version 2 of the format; the day’s mood is the mean of its check-ins.',
        response: errors,
      },
    },
    async (request, reply) => {
      const auth = getAuth(request);
      return sendDownload(request, reply, {
        name: `wellspring-export-${auth.today}.json`,
        type: 'application/json; charset=utf-8',
        open: () => openAccountExport(app.db, app.diaryVault, auth, app.clock.now()),
      });
    },
  );

  app.get(
    '/account/export/tasks.csv',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Download every task as CSV',
        description:
          'RFC 4180 with a header row; a cell that a spreadsheet would run as a formula starts ' +
          'with a single quote.',
        response: errors,
      },
    },
    async (request, reply) => {
      const auth = getAuth(request);
      return sendDownload(request, reply, {
        name: `wellspring-tasks-${auth.today}.csv`,
        type: 'text/csv; charset=utf-8; header=present',
        open: async () => writeTasksCsv(app.db, auth),
      });
    },
  );

  app.get(
    '/account/export/moods.csv',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Download the mood history as CSV',
        description: 'RFC 4180 with a header row: date, mood, updatedAt.',
        response: errors,
      },
    },
    async (request, reply) => {
      const auth = getAuth(request);
      return sendDownload(request, reply, {
        name: `wellspring-moods-${auth.today}.csv`,
        type: 'text/csv; charset=utf-8; header=present',
        open: async () => writeMoodsCsv(app.db, auth),
      });
    },
  );

  app.get(
    '/account/export/daylio.csv',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Download the check-ins as a Daylio CSV export',
        description:
          'The 2021+ Daylio header (full_date, date, weekday, time, mood, activities, ' +
          'note_title, note), a row a check-in, oldest first; the moods under Daylio’s names ' +
          '(rad, good, meh, bad, awful), the day’s diary entry in the note of its latest ' +
          'check-in. A cell a spreadsheet would run starts with a single quote.',
        response: errors,
      },
    },
    async (request, reply) => {
      const auth = getAuth(request);
      return sendDownload(request, reply, {
        name: `wellspring-daylio-${auth.today}.csv`,
        type: 'text/csv; charset=utf-8; header=present',
        open: async () => writeDaylioCsv(app.db, app.diaryVault, auth),
      });
    },
  );

  app.get(
    '/account/export/pixels.json',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Download the days as a Pixels JSON backup',
        description:
          'An array of days, oldest first: {date, type: "Mood", scores (each check-in, 1 to 5), ' +
          'notes (the diary entry and check-in notes), tags: [{type: "Activities", entries}]}.',
        response: errors,
      },
    },
    async (request, reply) => {
      const auth = getAuth(request);
      return sendDownload(request, reply, {
        name: `wellspring-pixels-${auth.today}.json`,
        type: 'application/json; charset=utf-8',
        open: async () => writePixelsJson(app.db, app.diaryVault, auth),
      });
    },
  );

  // Its own scope, for its own JSON parser: the body is read in slices, never in one long parse.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT_BYTES },
      (_request: FastifyRequest, body: string) => parseImportBody(body),
    );
    scope.post(
      '/account/import',
      {
        onRequest: app.authenticate,
        bodyLimit: IMPORT_BODY_LIMIT_BYTES,
        preValidation: refuseNewerVersion,
        // The body is checked by readImportFile, a row at a time; the schema documents it.
        validatorCompiler: () => (data) => ({ value: data }),
        config: { isBodyCheckedForNul: true },
        schema: {
          ...doc,
          summary: 'Restore an export into this account, which must have no activity yet',
          description: IMPORT_DESCRIPTION,
          body: ExportFileSchema,
          response: {
            200: ImportAnswerSchema,
            ...errors,
            409: ErrorBodySchema,
            413: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const file = await readImportFile(request.body);
        const data = await importAccount(
          app.db,
          app.diaryVault,
          getAuth(request),
          file,
          app.clock.now(),
          { batching: IMPORT_BATCHING[app.dbHandle.kind] },
        );
        return { status: 'success' as const, data };
      },
    );
  });

  app.delete(
    '/account',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Delete the account and everything in it; every session ends',
        description: "The body repeats the account's email to confirm; any other answers 400.",
        body: DeleteAccountBodySchema,
        response: { 200: DeleteAccountAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      await deleteAccount(app.db, auth, request.body.email);
      request.log.info({ userId: auth.userId }, 'account deleted');
      return { status: 'success' as const, data: null };
    },
  );
};
