import { z } from 'zod';
import { AbsoluteUrlSchema, successEnvelope, TimestampSchema } from './common';
import { GoalSchema } from './goal';

/** SPEC.md section 3: a background's tier, 1, 2 or 3. */
export const BackgroundTierSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3)])
  .describe('The difficulty tier of the goals that win it: 1 Easy, 2 Medium, 3 Hard.');

/**
 * A background as SPEC.md section 3 names it: id, name, URL and tier. Whether the user owns it
 * and whether it is the selected one are computed by the client, from the owned backgrounds and
 * the user's selectedBackgroundURL.
 */
export const BackgroundSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  URL: AbsoluteUrlSchema.describe('The artwork, an absolute URL a page on any origin can show.'),
  tier: BackgroundTierSchema,
});
export type Background = z.infer<typeof BackgroundSchema>;

/** SPEC.md section 3, user background ownership: one background the user owns. */
export const BackgroundOwnershipSchema = z.object({
  id: z.uuid().describe('The ownership record itself.'),
  backgroundId: z.uuid().describe('The id of the background owned.'),
  acquiredAt: TimestampSchema.describe(
    'When the user came to own it: the account’s creation for the default background, the ' +
      'claim for a reward.',
  ),
});
export type BackgroundOwnership = z.infer<typeof BackgroundOwnershipSchema>;

export const SelectBackgroundBodySchema = z.strictObject({ backgroundId: z.uuid() });
export type SelectBackgroundBody = z.infer<typeof SelectBackgroundBodySchema>;

export const UserIdParamsSchema = z.strictObject({ userId: z.string().min(1).max(100) });

export const BackgroundAnswerSchema = successEnvelope(BackgroundSchema);
export const BackgroundListAnswerSchema = successEnvelope(z.array(BackgroundSchema));
export const BackgroundOwnershipListAnswerSchema = successEnvelope(
  z.array(BackgroundOwnershipSchema),
);

/** The answer to a reward claim: the goal, now claimed, and the background won. */
export const ClaimAnswerSchema = successEnvelope(
  z.object({ goal: GoalSchema, background: BackgroundSchema }),
);
