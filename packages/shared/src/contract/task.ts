import { z } from 'zod';
import { MAX_PAGE_SIZE, TASK_PAGE_SIZE } from '../domain/pagination';
import { intQuery, MillisQuerySchema, successEnvelope, TimestampSchema } from './common';
import { ChosenMoodSchema, MoodSchema } from './user';

export const TASK_STATUSES = ['OnGoing', 'Completed'] as const;
export const TaskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** A catalogue task offered to the user, not yet accepted. */
export const GeneratedTaskSchema = z.object({
  templateId: z.uuid(),
  title: z.string(),
  description: z.string(),
  mood: ChosenMoodSchema,
  points: z.number().int(),
});
export type GeneratedTask = z.infer<typeof GeneratedTaskSchema>;

export const TaskSchema = z.object({
  id: z.uuid(),
  templateId: z.uuid(),
  goalId: z.uuid(),
  title: z.string(),
  description: z.string(),
  status: TaskStatusSchema,
  mood: ChosenMoodSchema,
  points: z.number().int(),
  createdAt: TimestampSchema,
  completedAt: TimestampSchema.nullable(),
});
export type Task = z.infer<typeof TaskSchema>;

export const TaskListQuerySchema = z.strictObject({
  id: z.string().min(1).max(100),
  page: intQuery(1, 1_000_000)
    .optional()
    .describe(
      'A page of `size` tasks of every goal, newest first. Without it, the board: ' +
        'the tasks of the goal in progress (else the latest goal), every OnGoing one newest ' +
        'first, then its Completed ones, at most 100; `size` is not used then.',
    ),
  size: intQuery(1, MAX_PAGE_SIZE).default(TASK_PAGE_SIZE),
  status: z
    .union([z.literal(''), TaskStatusSchema])
    .optional()
    .transform((v) => v || undefined),
  date: MillisQuerySchema,
});
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;

export const TaskListAnswerSchema = z.object({
  status: z.literal('success'),
  data: z.array(TaskSchema),
  totalTaskCount: z
    .number()
    .int()
    .describe('How many tasks match, all pages together (without `page`: before the cap of 100).'),
});

/** Accepting a task: it must match a catalogue task; the catalogue decides its points. */
export const CreateTaskBodySchema = z.strictObject({
  templateId: z.uuid().optional(),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(1000).optional(),
  mood: ChosenMoodSchema,
  points: z.number().optional().describe('Ignored: the catalogue decides the points.'),
  status: z.literal('OnGoing').optional(),
});
export type CreateTaskBody = z.infer<typeof CreateTaskBodySchema>;

export const TaskIdQuerySchema = z.strictObject({ taskId: z.string().min(1).max(100) });

export const CompleteTaskQuerySchema = z.strictObject({
  taskId: z.string().min(1).max(100),
  userId: z.string().min(1).max(100),
});

export const GenerateTaskQuerySchema = z.strictObject({
  id: z.string().min(1).max(100),
  mood: z
    .union([z.literal(''), MoodSchema])
    .optional()
    .transform((v) => (v === '' || v === 'Unknown' ? undefined : v)),
});

export const TaskAnswerSchema = successEnvelope(TaskSchema);
export const GeneratedTaskAnswerSchema = successEnvelope(GeneratedTaskSchema);
