import { z } from 'zod';
import { successEnvelope } from './common';
import { GoalSchema } from './goal';

export const BackgroundSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  owned: z.boolean(),
  selected: z.boolean(),
});
export type Background = z.infer<typeof BackgroundSchema>;

export const SelectBackgroundBodySchema = z.strictObject({ backgroundId: z.uuid() });
export type SelectBackgroundBody = z.infer<typeof SelectBackgroundBodySchema>;

export const UserIdParamsSchema = z.strictObject({ userId: z.string().min(1).max(100) });

export const BackgroundAnswerSchema = successEnvelope(BackgroundSchema);
export const BackgroundListAnswerSchema = successEnvelope(z.array(BackgroundSchema));

/** The answer to a reward claim: the goal, now claimed, and the background won. */
export const ClaimAnswerSchema = successEnvelope(
  z.object({ goal: GoalSchema, background: BackgroundSchema }),
);
