import { EARLIEST_DAY } from '../domain/limits';
import { z } from 'zod';
import { DIARY_MAX_LENGTH } from '../domain/limits';
import { MOODS } from '../domain/mood';
import {
  intQuery,
  LocalDateSchema,
  successEnvelope,
  TimestampSchema,
  UserIdQuerySchema,
} from './common';
import { ChosenMoodSchema } from './user';

export { DIARY_MAX_LENGTH } from '../domain/limits';

export const DiarySchema = z.object({
  id: z.uuid(),
  date: LocalDateSchema,
  dateCreated: TimestampSchema,
  content: z.string(),
  isBackfilled: z
    .boolean()
    .describe('Written later for a missed past day (decision 073): it earns nothing.'),
});
export type Diary = z.infer<typeof DiarySchema>;

export const CreateDiaryBodySchema = z
  .strictObject({
    content: z
      .string()
      .trim()
      .min(1, "Diary Can't be Empty")
      .max(DIARY_MAX_LENGTH, 'A diary entry is at most 20,000 characters'),
    id: z.string().min(1).max(100).describe("The signed-in user's id."),
    writtenAt: TimestampSchema.optional().describe(
      'When the entry was written, for one written offline and sent later (decision 057): ' +
        "its day in the user's time zone must be today or yesterday. Without it, now.",
    ),
    date: LocalDateSchema.optional().describe(
      'Back-filling: a past local day that was missed (not the future, not before the account). ' +
        'One entry a day still holds.',
    ),
  })
  .refine((body) => body.date === undefined || body.writtenAt === undefined, {
    message: 'Send date (a missed day) or writtenAt (an entry written offline), not both',
    path: ['date'],
  });
export type CreateDiaryBody = z.infer<typeof CreateDiaryBodySchema>;

/** An entry in a list (GET /diary, the search): with the mood of its day, or null. */
export const DiaryEntrySchema = DiarySchema.extend({
  mood: ChosenMoodSchema.nullable()
    .meta({ enum: [...MOODS, null] })
    .describe("The user's mood of the entry's local day; null when none was set."),
});
export type DiaryEntry = z.infer<typeof DiaryEntrySchema>;

export const DiaryAnswerSchema = successEnvelope(DiarySchema);
/** The most entries one page of GET /diary answers (decision 079). */
export const DIARY_PAGE_MAX = 50;

export const DiaryListQuerySchema = UserIdQuerySchema.extend({
  limit: intQuery(1, DIARY_PAGE_MAX)
    .optional()
    .describe(
      `A page (decision 079): at most this many entries (1 to ${DIARY_PAGE_MAX}), newest first. ` +
        "Without it, every entry, as SPEC.md's list.",
    ),
  before: LocalDateSchema.refine((date) => date >= EARLIEST_DAY, {
    message: `A day from ${EARLIEST_DAY} on`,
  })
    .optional()
    .describe(
      "Only the entries of days before this one: the next page's cursor is the last entry's date.",
    ),
});
export type DiaryListQuery = z.infer<typeof DiaryListQuerySchema>;

export const DiaryListAnswerSchema = successEnvelope(z.array(DiaryEntrySchema));
