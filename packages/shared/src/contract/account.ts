import { z } from 'zod';
import { isLocalDate } from '../domain/dates';
import { getDifficultyTier } from '../domain/difficulty';
import { isValidGoalTarget } from '../domain/goal';
import { successEnvelope, TimestampSchema } from './common';
import { DIARY_MAX_LENGTH } from './diary';
import { GoalStatusSchema, GoalTargetSchema } from './goal';
import { ChosenMoodSchema, TimeZoneSchema, UserNameSchema } from './user';

/** The `format` of every export file: a file with any other is not ours. */
export const EXPORT_FORMAT = 'wellspring-export';
/** The version of the export format this build writes and reads. */
export const EXPORT_VERSION = 1;
/** The largest export file the import takes: 20 MB (the API's default body limit is 64 KB). */
export const IMPORT_BODY_LIMIT_BYTES = 20 * 1024 * 1024;
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

/** Most issues a file's cross-checks report: enough to fix it, not a wall of text. */
const MAX_CROSS_CHECK_ISSUES = 50;

/** Text PostgreSQL can store: no NUL character. */
function storableText(max: number) {
  return z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), { message: 'Contains a character that cannot be saved' });
}

const LocalDateSchema = z
  .string()
  .refine(isLocalDate, { message: 'Expected a date as YYYY-MM-DD' })
  .describe('A local calendar date, YYYY-MM-DD.');
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
  createdAt: TimestampSchema,
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
  createdAt: TimestampSchema,
  completedAt: TimestampSchema.nullable(),
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
  createdAt: TimestampSchema,
  acceptedOn: LocalDateSchema,
  completedAt: TimestampSchema.nullable(),
  completedOn: LocalDateSchema.nullable(),
});
export type ExportTask = z.infer<typeof ExportTaskSchema>;

export const ExportDiarySchema = z.strictObject({
  date: LocalDateSchema,
  createdAt: TimestampSchema,
  content: storableText(DIARY_MAX_LENGTH).refine((s) => s.trim().length > 0, {
    message: "Diary Can't be Empty",
  }),
});
export type ExportDiary = z.infer<typeof ExportDiarySchema>;

export const ExportMoodSchema = z.strictObject({
  date: LocalDateSchema,
  mood: ChosenMoodSchema,
  updatedAt: TimestampSchema,
});
export type ExportMood = z.infer<typeof ExportMoodSchema>;

export const ExportBackgroundSchema = z.strictObject({
  slug: SlugSchema,
  acquiredAt: TimestampSchema,
});

interface FileShape {
  goals: ExportGoal[];
  tasks: ExportTask[];
  diaries: ExportDiary[];
  moods: ExportMood[];
  backgrounds: { slug: string }[];
  user: { selectedBackground: string | null };
}
type Issue = { path: (string | number)[]; message: string };

/**
 * The rules a real account always keeps, checked across the rows of a file: unique ids and days,
 * one goal in progress, every task on a goal of the file, and each goal's totals, status and
 * tier agreeing with its tasks and target. A file that breaks one is refused whole.
 */
export function checkExportFile(file: FileShape): Issue[] {
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: string) => {
    if (issues.length < MAX_CROSS_CHECK_ISSUES) issues.push({ path, message });
  };
  const unique = <T>(rows: T[], key: (row: T) => string, name: string, field: string) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const value = key(row);
      if (seen.has(value)) add([name, i, field], `Appears twice: ${value}`);
      seen.add(value);
    });
  };
  unique(file.goals, (g) => g.id, 'goals', 'id');
  unique(file.tasks, (t) => t.id, 'tasks', 'id');
  unique(file.diaries, (d) => d.date, 'diaries', 'date');
  unique(file.moods, (m) => m.date, 'moods', 'date');
  unique(file.backgrounds, (b) => b.slug, 'backgrounds', 'slug');

  const owned = new Set(file.backgrounds.map((b) => b.slug));
  const selected = file.user.selectedBackground;
  if (selected !== null && !owned.has(selected)) {
    add(['user', 'selectedBackground'], 'The selected background is not among the backgrounds');
  }

  const totals = new Map<string, { earned: number; count: number }>();
  for (const goal of file.goals) totals.set(goal.id, { earned: 0, count: 0 });
  file.tasks.forEach((task, i) => {
    const total = totals.get(task.goalId);
    if (!total) add(['tasks', i, 'goalId'], 'No goal of the file has this id');
    const isCompleted = task.status === 'Completed';
    if (
      isCompleted !== (task.completedAt !== null) ||
      isCompleted !== (task.completedOn !== null)
    ) {
      add(['tasks', i, 'completedAt'], 'Only a completed task has completedAt and completedOn');
    }
    if (isCompleted && total) {
      total.earned += task.points;
      total.count += 1;
    }
  });

  let inProgress = 0;
  file.goals.forEach((goal, i) => {
    const isCompleted = goal.status === 'Completed';
    if (!isCompleted) inProgress += 1;
    if (inProgress > 1 && !isCompleted)
      add(['goals', i, 'status'], 'Only one goal can be in progress');
    // A target outside every band is reported by GoalTargetSchema; it has no tier to compare.
    if (isValidGoalTarget(goal.target) && goal.tier !== getDifficultyTier(goal.target)) {
      add(['goals', i, 'tier'], 'The tier does not match the target');
    }
    const total = totals.get(goal.id);
    if (total && (total.earned !== goal.earned || total.count !== goal.taskCompleted)) {
      add(['goals', i, 'earned'], 'The points and count do not match the completed tasks');
    }
    if (isCompleted !== goal.earned >= goal.target) {
      add(['goals', i, 'status'], 'A goal is completed exactly when its points reach the target');
    }
    if (isCompleted !== (goal.completedAt !== null)) {
      add(['goals', i, 'completedAt'], 'Only a completed goal has completedAt');
    }
    if (goal.rewardBackground !== null && !isCompleted) {
      add(['goals', i, 'rewardBackground'], 'Only a completed goal has a reward');
    }
    if (
      goal.hasClaimedReward &&
      (goal.rewardBackground === null || !owned.has(goal.rewardBackground))
    ) {
      add(['goals', i, 'hasClaimedReward'], 'A claimed reward must be among the backgrounds');
    }
  });
  return issues;
}

/** Every row of one account, as `GET /account/export` writes it and `POST /account/import` reads it. */
export const ExportFileSchema = z
  .strictObject({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: TimestampSchema,
    user: ExportUserSchema,
    goals: z.array(ExportGoalSchema).max(100_000),
    tasks: z.array(ExportTaskSchema).max(1_000_000),
    diaries: z.array(ExportDiarySchema).max(100_000),
    moods: z.array(ExportMoodSchema).max(100_000),
    backgrounds: z.array(ExportBackgroundSchema).max(1_000),
  })
  .superRefine((file, ctx) => {
    for (const issue of checkExportFile(file)) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
export type ExportFile = z.infer<typeof ExportFileSchema>;

export const ImportCountsSchema = z.object({
  goals: z.number().int(),
  tasks: z.number().int(),
  diaries: z.number().int(),
  moods: z.number().int(),
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
