import { z } from 'zod';
import { MOOD_VALUES } from '../domain/mood';
import { canonicalTimeZone, isValidTimeZone } from '../domain/dates';
import { AbsoluteUrlSchema, successEnvelope } from './common';

export const MoodSchema = z.enum(MOOD_VALUES);
export const ChosenMoodSchema = z.enum(['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed']);

export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isValidTimeZone, { message: 'Unknown time zone' })
  .transform(canonicalTimeZone);

export const UserNameSchema = z
  .string()
  .trim()
  .min(1, "This field can't be empty")
  .max(60, 'Names are at most 60 characters');

/** The user as the API shows it to its owner. */
export const UserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  pictureURL: AbsoluteUrlSchema.nullable(),
  hasOnboarded: z.boolean(),
  mood: MoodSchema,
  hasSetMoodToday: z.boolean(),
  unannouncedExpiredTaskCount: z.number().int(),
  diaryStreak: z
    .number()
    .int()
    .describe(
      'Days of writing in the current run, one missed day bridged by a rest day, two a month ' +
        '(decision 072).',
    ),
  diaryStreakRestDays: z
    .number()
    .int()
    .describe('How many rest days the run has used this calendar month (0 to 2).'),
  selectedBackgroundURL: AbsoluteUrlSchema.nullable().describe(
    'The URL of the selected background: the URL of one of GET /v1/background’s backgrounds.',
  ),
  timeZone: z.string(),
  emailVerified: z
    .boolean()
    .nullable()
    .describe(
      'True once the owner proved the email (always, for an account made by Google sign-in); ' +
        'false for a password account not verified yet; null when this server does not verify ' +
        'emails (EMAIL_VERIFICATION=off).',
    ),
});
export type User = z.infer<typeof UserSchema>;

export const GetUserQuerySchema = z.strictObject({
  id: z.string().min(1).max(100),
  fields: z.literal('mood').optional(),
});

export const UserAnswerSchema = successEnvelope(
  z.union([UserSchema, z.object({ mood: MoodSchema })]),
);

/** What a user may change about themselves; everything else is derived by the server. */
export const UpdateUserBodySchema = z
  .strictObject({
    name: UserNameSchema.optional(),
    mood: MoodSchema.optional(),
    hasSetMoodToday: z.boolean().optional(),
    hasOnboarded: z.literal(true).optional(),
    unannouncedExpiredTaskCount: z.literal(0).optional(),
    timeZone: TimeZoneSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;
