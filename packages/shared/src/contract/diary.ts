import { z } from 'zod';
import { LocalDateSchema, successEnvelope, TimestampSchema } from './common';

export const DIARY_MAX_LENGTH = 20_000;

export const DiarySchema = z.object({
  id: z.uuid(),
  date: LocalDateSchema,
  dateCreated: TimestampSchema,
  content: z.string(),
});
export type Diary = z.infer<typeof DiarySchema>;

export const CreateDiaryBodySchema = z.strictObject({
  content: z
    .string()
    .trim()
    .min(1, "Diary Can't be Empty")
    .max(DIARY_MAX_LENGTH, 'A diary entry is at most 20,000 characters'),
  id: z.string().min(1).max(100).describe("The signed-in user's id."),
});
export type CreateDiaryBody = z.infer<typeof CreateDiaryBodySchema>;

export const DiaryAnswerSchema = successEnvelope(DiarySchema);
export const DiaryListAnswerSchema = successEnvelope(z.array(DiarySchema));
