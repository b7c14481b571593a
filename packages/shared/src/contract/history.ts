import { z } from 'zod';
import { LocalDateSchema, MillisQuerySchema, successEnvelope } from './common';

/** The longest range of days the history call answers at once. */
export const HISTORY_MAX_DAYS = 366;

export const HistoryQuerySchema = z
  .strictObject({
    id: z.string().min(1).max(100),
    startDate: MillisQuerySchema,
    endDate: MillisQuerySchema,
  })
  .refine((q) => (q.startDate === undefined) === (q.endDate === undefined), {
    message: 'startDate and endDate go together',
  })
  .refine((q) => q.startDate === undefined || q.endDate === undefined || q.startDate <= q.endDate, {
    message: 'startDate must not be after endDate',
  });

export const HistorySummarySchema = z.object({
  taskCompleted: z.number().int(),
  completionPercent: z.number().int(),
});
export type HistorySummary = z.infer<typeof HistorySummarySchema>;

export const HistoryRowSchema = z.object({
  date: LocalDateSchema,
  pointsEarned: z.number().int(),
});
export type HistoryRow = z.infer<typeof HistoryRowSchema>;

export const HistoryAnswerSchema = successEnvelope(
  z.union([HistorySummarySchema, z.array(HistoryRowSchema)]),
);
