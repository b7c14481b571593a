import { z } from 'zod';
import { isLocalDate } from '../domain/dates';
import { ACTIVITIES_PER_CHECK_IN_MAX, ACTIVITIES_PER_USER_MAX } from '../domain/activities';
import { CHECK_IN_NOTE_MAX } from '../domain/check-in';
import { FEELINGS_PER_CHECK_IN } from '../domain/feelings';
import { DIARY_MAX_LENGTH, EARLIEST_DAY } from '../domain/limits';
import { ActivityGroupSchema, ActivityIconSchema, ActivityNameSchema } from './activity';
import { FeelingSchema } from './check-in';
import { MeasureIdSchema } from './measure';
import { ReportSectionSchema } from './report';
import { REPORT_DIARY_MAX, REPORT_SECTIONS } from '../domain/report';
import { successEnvelope, TimestampSchema } from './common';
import { GoalStatusSchema, GoalTargetSchema } from './goal';
import { ChosenMoodSchema, TimeZoneSchema, UserNameSchema } from './user';

/** The `format` of every export file: a file with any other is not ours. */
export const EXPORT_FORMAT = 'wellspring-export';
/**
 * The version of the export format this build writes. Version 2 (decision 077) carries check-ins
 * and activities instead of one mood a day; version 1 files still import, each mood a day's
 * daily-mood check-in. Version 3 (decision 083) adds the questionnaire results, and the links
 * made for a clinician (decision 084), listed for the record and never imported.
 */
export const EXPORT_VERSION = 3;
/** Every version this build imports. */
export const EXPORT_VERSIONS_READ = [1, 2, 3] as const;
/**
 * The most rows of each kind one import takes: more than ten years of daily use (a diary entry
 * and a mood a day; ten tasks a day for five years; a goal every other day), far fewer than the
 * body limit could carry (a 20 MB body holds over a million empty rows).
 */
export const IMPORT_MAX_ROWS = {
  goals: 2_000,
  tasks: 20_000,
  diaries: 4_000,
  moods: 4_000,
  /** Three a day for more than thirty years; twenty a day for five. */
  checkIns: 40_000,
  activities: ACTIVITIES_PER_USER_MAX,
  /** One of each of the three measures a day for ten years. */
  measureResults: 12_000,
  /** Ten live links, and those expired in the last 30 days: far fewer than this. */
  reportLinks: 1_000,
  backgrounds: 100,
} as const;
export { IMPORT_BODY_LIMIT_BYTES } from '../domain/limits';
/** Most issues a refused import lists: enough to find the rows at fault, never a wall of text. */
export const IMPORT_MAX_ISSUES = 20;
/** No date of an export file lies before this day: Wellspring did not exist yet. */
export const EXPORT_EARLIEST_DATE = EARLIEST_DAY;
/** The message of an import of a file written by a later version of the format. */
export const IMPORT_NEWER_VERSION_MESSAGE = 'This file comes from a newer version of Wellspring';

/** The columns of the tasks CSV, in order. */
export const TASKS_CSV_COLUMNS = [
  'id',
  'goalId',
  'templateSlug',
  'title',
  'description',
  'mood',
  'points',
  'status',
  'createdAt',
  'acceptedOn',
  'completedAt',
  'completedOn',
] as const;
/** The columns of the moods CSV, in order. */
export const MOODS_CSV_COLUMNS = ['date', 'mood', 'updatedAt'] as const;

/** Text PostgreSQL can store: no NUL character. */
function storableText(max: number) {
  return z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), { message: 'Contains a character that cannot be saved' });
}

const EARLIEST_MESSAGE = `Expected a date from ${EXPORT_EARLIEST_DATE} on`;
const EARLIEST_INSTANT = Date.parse(`${EXPORT_EARLIEST_DATE}T00:00:00Z`);

const LocalDateSchema = z
  .string()
  .refine(isLocalDate, { message: 'Expected a date as YYYY-MM-DD', abort: true })
  .refine((date) => date >= EXPORT_EARLIEST_DATE, { message: EARLIEST_MESSAGE })
  .describe(`A local calendar date, YYYY-MM-DD, from ${EXPORT_EARLIEST_DATE} on.`);
/** A timestamp of the file: ISO-8601 with an offset, from the earliest date on (never year 0). */
const FileTimestampSchema = TimestampSchema.refine(
  (timestamp) => Date.parse(timestamp) >= EARLIEST_INSTANT,
  { message: EARLIEST_MESSAGE },
);
const SlugSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected a slug');
const FileIdSchema = z.uuid().describe('The id in the exported account; the import makes new ids.');

export const ExportUserSchema = z.strictObject({
  name: UserNameSchema,
  email: z.string().max(254).describe('Shown for reference; an import never changes the email.'),
  pictureURL: z.string().max(2048).nullable().describe('Shown for reference; not imported.'),
  timeZone: TimeZoneSchema,
  hasOnboarded: z.boolean(),
  createdAt: FileTimestampSchema,
  selectedBackground: SlugSchema.nullable(),
});

export const ExportGoalSchema = z.strictObject({
  id: FileIdSchema,
  target: GoalTargetSchema,
  earned: z.number().int().min(0).max(100_000_000),
  taskCompleted: z.number().int().min(0).max(10_000_000),
  status: GoalStatusSchema,
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  hasClaimedReward: z.boolean(),
  rewardBackground: SlugSchema.nullable(),
  createdAt: FileTimestampSchema,
  completedAt: FileTimestampSchema.nullable(),
});
export type ExportGoal = z.infer<typeof ExportGoalSchema>;

export const EXPORT_TASK_STATUSES = ['OnGoing', 'Completed', 'Expired'] as const;

export const ExportTaskSchema = z.strictObject({
  id: FileIdSchema,
  goalId: FileIdSchema,
  templateSlug: SlugSchema.describe('The catalogue task it was drawn from.'),
  title: storableText(200).min(1),
  description: storableText(1000),
  mood: ChosenMoodSchema,
  points: z.number().int().min(1).max(10_000),
  status: z.enum(EXPORT_TASK_STATUSES),
  createdAt: FileTimestampSchema,
  acceptedOn: LocalDateSchema,
  completedAt: FileTimestampSchema.nullable(),
  completedOn: LocalDateSchema.nullable(),
});
export type ExportTask = z.infer<typeof ExportTaskSchema>;

export const ExportDiarySchema = z.strictObject({
  date: LocalDateSchema,
  createdAt: FileTimestampSchema,
  content: storableText(DIARY_MAX_LENGTH).refine((s) => s.trim().length > 0, {
    message: "Diary Can't be Empty",
  }),
  isBackfilled: z
    .boolean()
    .optional()
    .describe('Version 2: written later for a missed day (createdAt is when). Absent: false.'),
});
export type ExportDiary = z.infer<typeof ExportDiarySchema>;

export const ExportMoodSchema = z.strictObject({
  date: LocalDateSchema,
  mood: ChosenMoodSchema,
  updatedAt: FileTimestampSchema,
});
export type ExportMood = z.infer<typeof ExportMoodSchema>;

export const ExportActivitySchema = z.strictObject({
  id: FileIdSchema,
  name: ActivityNameSchema,
  group: ActivityGroupSchema,
  icon: ActivityIconSchema,
  position: z.number().int().min(0).max(10_000),
  isArchived: z.boolean(),
});
export type ExportActivity = z.infer<typeof ExportActivitySchema>;

export const ExportCheckInSchema = z.strictObject({
  takenAt: FileTimestampSchema.describe('When it was taken; for a back-filled one, when written.'),
  timeZone: TimeZoneSchema,
  date: LocalDateSchema,
  mood: ChosenMoodSchema,
  feelings: z
    .array(FeelingSchema)
    .max(FEELINGS_PER_CHECK_IN)
    .refine((words) => new Set(words).size === words.length, 'Each feeling at most once'),
  activityIds: z
    .array(FileIdSchema)
    .max(ACTIVITIES_PER_CHECK_IN_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'Each activity at most once')
    .describe('Ids of the file’s activities.'),
  note: storableText(CHECK_IN_NOTE_MAX).nullable(),
  isBackfilled: z.boolean(),
  isDailyMood: z.boolean(),
});
export type ExportCheckIn = z.infer<typeof ExportCheckInSchema>;

/** A questionnaire taken (decision 083): the answers as given; the score follows from them. */
export const ExportMeasureResultSchema = z.strictObject({
  measure: MeasureIdSchema,
  answers: z.array(z.number().int()).min(1).max(20),
  difficulty: z.number().int().min(0).max(3).nullable(),
  takenAt: FileTimestampSchema,
  date: LocalDateSchema.describe('The local day it was taken on; one of each measure a day.'),
});
export type ExportMeasureResult = z.infer<typeof ExportMeasureResultSchema>;

/**
 * A link made for a clinician (decision 084), for the person's record: what it showed and how
 * often it was opened, never its token. An import reads it and writes nothing: a link belongs to
 * the server that made it.
 */
export const ExportReportLinkSchema = z.strictObject({
  from: LocalDateSchema,
  to: LocalDateSchema,
  sections: z.array(ReportSectionSchema).max(REPORT_SECTIONS.length),
  diaryEntries: z.number().int().min(0).max(REPORT_DIARY_MAX),
  createdAt: FileTimestampSchema,
  expiresAt: FileTimestampSchema,
  openCount: z.number().int().min(0),
  lastOpenedAt: FileTimestampSchema.nullable(),
});
export type ExportReportLink = z.infer<typeof ExportReportLinkSchema>;

export const ExportBackgroundSchema = z.strictObject({
  slug: SlugSchema,
  acquiredAt: FileTimestampSchema,
});

/** At most `max` rows, said in words a person reads. */
function rowsOf<T extends z.ZodType>(row: T, max: number) {
  return z.array(row).max(max, `At most ${max.toLocaleString('en-US')} rows`);
}

/** The versions each list belongs to: version 1 a mood a day, 2 check-ins, 3 questionnaires. */
const LIST_VERSIONS = {
  moods: [1],
  activities: [2, 3],
  checkIns: [2, 3],
  measureResults: [3],
  reportLinks: [3],
} as const;

type ExportVersion = (typeof EXPORT_VERSIONS_READ)[number];

/** The lists of another version than the file's, when present, are an issue naming it. */
function checkListsOfVersion(
  file: { version: ExportVersion } & Record<keyof typeof LIST_VERSIONS, unknown[]>,
  context: z.RefinementCtx,
): void {
  for (const [list, versions] of Object.entries(LIST_VERSIONS) as [
    keyof typeof LIST_VERSIONS,
    readonly number[],
  ][]) {
    if (versions.includes(file.version) || file[list].length === 0) continue;
    context.addIssue({
      code: 'custom',
      path: [list],
      message:
        list === 'moods'
          ? 'Is a list of version 1 files; version 2 carries check-ins instead'
          : `Is a list of version ${versions[0]} files; this file says version ${file.version}`,
    });
  }
}

/** The parts of an export file besides its rows. */
const fileHead = {
  format: z.literal(EXPORT_FORMAT),
  version: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  exportedAt: FileTimestampSchema,
  user: ExportUserSchema,
};

/**
 * Every row of one account, as `GET /account/export` writes it and `POST /account/import` reads
 * it: the shape of each row and the most rows of each kind (IMPORT_MAX_ROWS). What the rows must
 * keep across each other (totals, dates, rewards) the API checks against its catalogue and clock.
 */
export const ExportFileSchema = z
  .strictObject({
    ...fileHead,
    goals: rowsOf(ExportGoalSchema, IMPORT_MAX_ROWS.goals),
    tasks: rowsOf(ExportTaskSchema, IMPORT_MAX_ROWS.tasks),
    diaries: rowsOf(ExportDiarySchema, IMPORT_MAX_ROWS.diaries),
    moods: rowsOf(ExportMoodSchema, IMPORT_MAX_ROWS.moods)
      .default([])
      .describe('Version 1 only: one mood a day.'),
    activities: rowsOf(ExportActivitySchema, IMPORT_MAX_ROWS.activities)
      .default([])
      .describe('Version 2 on.'),
    checkIns: rowsOf(ExportCheckInSchema, IMPORT_MAX_ROWS.checkIns)
      .default([])
      .describe('Version 2 on: every check-in, oldest day first.'),
    measureResults: rowsOf(ExportMeasureResultSchema, IMPORT_MAX_ROWS.measureResults)
      .default([])
      .describe('Version 3 on: every questionnaire taken, oldest first.'),
    reportLinks: rowsOf(ExportReportLinkSchema, IMPORT_MAX_ROWS.reportLinks)
      .default([])
      .describe('Version 3 on: the links made for a clinician, for the record; never imported.'),
    backgrounds: rowsOf(ExportBackgroundSchema, IMPORT_MAX_ROWS.backgrounds),
  })
  .superRefine(checkListsOfVersion);
export type ExportFile = z.infer<typeof ExportFileSchema>;

/**
 * An export file with its rows left unread: the import checks the head and the row counts with
 * it, then each row on its own, so a file with many bad rows costs no more than its first issues.
 */
export const ExportFileHeadSchema = z
  .strictObject({
    ...fileHead,
    goals: rowsOf(z.unknown(), IMPORT_MAX_ROWS.goals),
    tasks: rowsOf(z.unknown(), IMPORT_MAX_ROWS.tasks),
    diaries: rowsOf(z.unknown(), IMPORT_MAX_ROWS.diaries),
    moods: rowsOf(z.unknown(), IMPORT_MAX_ROWS.moods).default([]),
    activities: rowsOf(z.unknown(), IMPORT_MAX_ROWS.activities).default([]),
    checkIns: rowsOf(z.unknown(), IMPORT_MAX_ROWS.checkIns).default([]),
    measureResults: rowsOf(z.unknown(), IMPORT_MAX_ROWS.measureResults).default([]),
    reportLinks: rowsOf(z.unknown(), IMPORT_MAX_ROWS.reportLinks).default([]),
    backgrounds: rowsOf(z.unknown(), IMPORT_MAX_ROWS.backgrounds),
  })
  .superRefine(checkListsOfVersion);

/** The schema of one row of each kind, by the name of its list in the file. */
export const EXPORT_ROW_SCHEMAS = {
  goals: ExportGoalSchema,
  tasks: ExportTaskSchema,
  diaries: ExportDiarySchema,
  moods: ExportMoodSchema,
  activities: ExportActivitySchema,
  checkIns: ExportCheckInSchema,
  measureResults: ExportMeasureResultSchema,
  reportLinks: ExportReportLinkSchema,
  backgrounds: ExportBackgroundSchema,
} as const;

export const ImportCountsSchema = z.object({
  goals: z.number().int(),
  tasks: z.number().int(),
  diaries: z.number().int(),
  moods: z.number().int().describe('The days with a mood.'),
  checkIns: z.number().int(),
  activities: z.number().int(),
  measureResults: z.number().int(),
  backgrounds: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;
export const ImportAnswerSchema = successEnvelope(ImportCountsSchema);

/** Deleting the account: the caller types their email to confirm. */
export const DeleteAccountBodySchema = z.strictObject({
  email: z.string().max(254).describe("The account's email, to confirm; any case, spaces trimmed."),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const DeleteAccountAnswerSchema = z.object({
  status: z.literal('success'),
  data: z.null(),
});

/** Where the JSON Schema of the export file is published, beside the OpenAPI document. */
export const EXPORT_SCHEMA_PATH = '/api/docs/export-schema.json';

/**
 * The JSON Schema (draft 2020-12) of the file GET /account/export writes, with its version: what
 * another program needs to read a Wellspring export. The limits between rows (totals, dates) are
 * the API's, not the schema's.
 */
export function exportFileJsonSchema(publicUrl: string): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ExportFileSchema, { io: 'input', unrepresentable: 'any' }),
    $id: `${publicUrl}${EXPORT_SCHEMA_PATH}`,
    title: `Wellspring export, version ${EXPORT_VERSION}`,
    description:
      'Every row of one account, as GET /api/v1/account/export writes it and ' +
      'POST /api/v1/account/import reads it. Version 1 files (one mood a day) and version 2 ' +
      'files (no questionnaires) still import.',
    'x-version': EXPORT_VERSION,
  };
}
