import { z } from 'zod';
import { LocalDateSchema, successEnvelope, UserIdQuerySchema } from './common';
import { ChosenMoodSchema } from './user';

/** The most unreadable rows a preview lists (all are counted). */
export const IMPORT_PREVIEW_PROBLEMS_MAX = 100;
/** The most distinct mood names a file may use: more is no mood scale (decision 080). */
export const IMPORT_MOOD_NAMES_MAX = 50;

export const ImportPreviewQuerySchema = UserIdQuerySchema;

/** What a file from another app holds, before anything is written (decision 080). */
export const ImportPreviewSchema = z.object({
  source: z.object({
    id: z.string().describe('The format recognised, e.g. daylio-csv.'),
    name: z.string().describe('The app and file, as the screen names them.'),
  }),
  firstDay: LocalDateSchema.nullable(),
  lastDay: LocalDateSchema.nullable(),
  days: z.number().int().describe('Local days with at least one entry that can be read.'),
  entries: z.number().int().describe('Entries that can be read.'),
  moods: z
    .array(
      z.object({
        name: z.string().describe("The source's own name for the mood, trimmed."),
        entries: z.number().int(),
        proposed: ChosenMoodSchema.nullable().describe(
          'The mood proposed for it; null when the person must choose (a renamed mood).',
        ),
      }),
    )
    .describe('Each mood name of the file, most used first.'),
  activities: z
    .array(
      z.object({
        name: z.string(),
        entries: z.number().int(),
        existing: z
          .string()
          .nullable()
          .describe("The account's activity of the same name (ignoring case), or null: new."),
      }),
    )
    .describe('Each activity of the file, most used first.'),
  duplicateDays: z
    .number()
    .int()
    .describe('Days the account already holds a check-in or diary entry on: skipped whole.'),
  attachmentsSkipped: z
    .number()
    .int()
    .describe('Photos and recordings of the entries (a Daylio backup): not imported.'),
  problems: z
    .array(z.object({ row: z.number().int(), reason: z.string() }))
    .describe(`Rows that cannot be read, with their line; at most ${IMPORT_PREVIEW_PROBLEMS_MAX}.`),
  problemCount: z.number().int().describe('Every row that cannot be read, listed or not.'),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportPreviewAnswerSchema = successEnvelope(ImportPreviewSchema);

/** How long an import can be taken back as a whole (decision 081). */
export const IMPORT_UNDO_DAYS = 7;
/** The longest `moods` query of a confirmed import, in characters. */
export const IMPORT_MOODS_QUERY_MAX = 8000;

export const CreateImportQuerySchema = UserIdQuerySchema.extend({
  moods: z
    .string()
    .max(IMPORT_MOODS_QUERY_MAX)
    .describe(
      'JSON object: each mood name of the preview to one of the five moods, ' +
        'e.g. {"rad":"Ecstatic","meh":"Neutral"}. Every name of the file needs one.',
    ),
});

/** The mood chosen for each of the file's mood names, as the `moods` query carries it. */
export const ImportMoodMappingSchema = z.record(z.string().max(200), ChosenMoodSchema);
export type ImportMoodMapping = z.infer<typeof ImportMoodMappingSchema>;

export const IMPORT_STATUSES = [
  'running',
  'cancelling',
  'done',
  'cancelled',
  'failed',
  'undone',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An import, running or over (decision 081). */
export const ImportRunSchema = z.object({
  id: z.uuid(),
  source: z.string().describe('The format it came in, e.g. daylio-csv.'),
  status: z
    .enum(IMPORT_STATUSES)
    .describe(
      'running, then done; cancelling, then cancelled; failed (nothing kept); undone (taken back).',
    ),
  entriesTotal: z.number().int(),
  entriesDone: z.number().int().describe('Gone through so far, written or skipped: the progress.'),
  entriesWritten: z.number().int(),
  daysWritten: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoUntil: z
    .string()
    .nullable()
    .describe(`Until when it can be taken back (${IMPORT_UNDO_DAYS} days); null: it cannot.`),
});
export type ImportRun = z.infer<typeof ImportRunSchema>;

export const ImportRunParamsSchema = z.strictObject({ importId: z.uuid() });
export const ImportRunAnswerSchema = successEnvelope(ImportRunSchema);
export const ImportRunListAnswerSchema = successEnvelope(z.array(ImportRunSchema));
