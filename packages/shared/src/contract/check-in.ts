import { z } from 'zod';
import { ACTIVITIES_PER_CHECK_IN_MAX } from '../domain/activities';
import { CHECK_IN_NOTE_MAX, CHECK_INS_PER_DAY_MAX } from '../domain/check-in';
import { EARLIEST_DAY } from '../domain/limits';
import { FEELINGS, FEELINGS_PER_CHECK_IN } from '../domain/feelings';
import { LocalDateSchema, successEnvelope, TimestampSchema, UserIdQuerySchema } from './common';
import { ChosenMoodSchema } from './user';

export { EARLIEST_DAY } from '../domain/limits';

export const FeelingSchema = z
  .enum(FEELINGS as [string, ...string[]])
  .describe('A word of the feelings vocabulary (GET /api/v1/check-ins/feelings lists them).');

/** A moment the user named their mood (decision 073). */
export const CheckInSchema = z.object({
  id: z.uuid(),
  takenAt: TimestampSchema.describe('When it was taken; for a back-filled one, when written.'),
  timeZone: z.string().describe("The user's time zone when it was taken."),
  date: LocalDateSchema.describe('The local day it belongs to.'),
  mood: ChosenMoodSchema,
  feelings: z.array(z.string()),
  activityIds: z.array(z.uuid()).describe('The activities it names (GET /api/v1/activities).'),
  note: z
    .string()
    .nullable()
    .describe('Its short note (sealed at rest like the diary); null: none.'),
  isBackfilled: z
    .boolean()
    .describe('Written later for a missed past day: it earns no points and unlocks nothing.'),
  isDailyMood: z
    .boolean()
    .describe("The day's mood as PATCH /v1/user sets it: one a day, replaced when set again."),
});
export type CheckIn = z.infer<typeof CheckInSchema>;

export const CreateCheckInBodySchema = z
  .strictObject({
    mood: ChosenMoodSchema,
    feelings: z
      .array(FeelingSchema)
      .max(FEELINGS_PER_CHECK_IN, `A check-in holds at most ${FEELINGS_PER_CHECK_IN} feelings`)
      .refine((words) => new Set(words).size === words.length, 'Each feeling at most once')
      .optional(),
    activityIds: z
      .array(z.uuid())
      .max(
        ACTIVITIES_PER_CHECK_IN_MAX,
        `A check-in names at most ${ACTIVITIES_PER_CHECK_IN_MAX} activities`,
      )
      .refine((ids) => new Set(ids).size === ids.length, 'Each activity at most once')
      .optional()
      .describe('Your own activities, not archived ones.'),
    note: z
      .string()
      .trim()
      .max(CHECK_IN_NOTE_MAX, `A check-in note is at most ${CHECK_IN_NOTE_MAX} characters`)
      .optional()
      .describe('A short note, sealed at rest like the diary; empty or blank: none.'),
    date: LocalDateSchema.optional().describe(
      'Back-filling: a past local day that was missed (not today, not the future, not before ' +
        'the account). Without it, the check-in is taken now (or at takenAt).',
    ),
    takenAt: TimestampSchema.optional().describe(
      'For a check-in taken offline and sent later: when it was taken, at most 48 hours ago.',
    ),
  })
  .refine((body) => body.date === undefined || body.takenAt === undefined, {
    message: 'Send date (a missed day) or takenAt (a moment offline), not both',
    path: ['date'],
  });
export type CreateCheckInBody = z.infer<typeof CreateCheckInBodySchema>;

export const CheckInDayQuerySchema = UserIdQuerySchema.extend({
  // Year 0 is a valid ISO date that neither database can hold; no day before this has data.
  date: LocalDateSchema.refine((date) => date >= EARLIEST_DAY, {
    message: `Expected a date from ${EARLIEST_DAY} on`,
  }),
});

export const CheckInParamsSchema = z.strictObject({ checkInId: z.uuid() });

export const CheckInAnswerSchema = successEnvelope(CheckInSchema);
export const CheckInDayAnswerSchema = successEnvelope(
  z.object({
    date: LocalDateSchema,
    checkIns: z.array(CheckInSchema).max(CHECK_INS_PER_DAY_MAX),
  }),
);
export const CheckInDeletedAnswerSchema = successEnvelope(z.object({ id: z.uuid() }));
