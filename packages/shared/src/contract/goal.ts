import { z } from 'zod';
import { isValidGoalTarget } from '../domain/goal';
import { successEnvelope, TimestampSchema } from './common';

export const GOAL_STATUSES = ['OnProgress', 'Completed'] as const;
export const GoalStatusSchema = z.enum(GOAL_STATUSES);
export type GoalStatus = z.infer<typeof GoalStatusSchema>;

export const GoalTargetSchema = z.number().int().refine(isValidGoalTarget, {
  message: 'A target is a multiple of 50,000 from 50,000 to 500,000',
});

export const GoalSchema = z.object({
  id: z.uuid(),
  target: z.number().int(),
  earned: z.number().int(),
  completionPercent: z.number().int(),
  taskCompleted: z.number().int(),
  status: GoalStatusSchema,
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  hasClaimedReward: z.boolean(),
  backgroundRewardId: z.uuid().nullable(),
  createdAt: TimestampSchema,
  completedAt: TimestampSchema.nullable(),
});
export type Goal = z.infer<typeof GoalSchema>;

export const CreateGoalBodySchema = z.strictObject({ target: GoalTargetSchema });
export type CreateGoalBody = z.infer<typeof CreateGoalBodySchema>;

/** Only the target may change; with no goal in progress it starts one (decision 030). */
export const UpdateGoalBodySchema = z.strictObject({ target: GoalTargetSchema });
export type UpdateGoalBody = z.infer<typeof UpdateGoalBodySchema>;

export const GoalAnswerSchema = successEnvelope(GoalSchema);
/** The current goal: null for a user who has never had a goal (decision 001). */
export const MaybeGoalAnswerSchema = successEnvelope(
  GoalSchema.nullable().describe(
    'The goal in progress, else the latest goal; null for a user who has never had a goal.',
  ),
);
export const GoalListAnswerSchema = successEnvelope(z.array(GoalSchema));
