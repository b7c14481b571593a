import { z } from 'zod';
import {
  ACTIVITY_GROUPS,
  ACTIVITY_ICONS,
  ACTIVITY_NAME_MAX,
  ACTIVITY_NAME_MAX_UTF16,
  checkActivityName,
  normalizeActivityName,
} from '../domain/activities';
import { successEnvelope } from './common';

/** A name as checkActivityName takes it: stored normalized; the message names the broken rule. */
export const ActivityNameSchema = z
  .string()
  .max(ACTIVITY_NAME_MAX_UTF16, `An activity name is at most ${ACTIVITY_NAME_MAX} characters`)
  .overwrite(normalizeActivityName)
  .superRefine((name, context) => {
    const checked = checkActivityName(name);
    if (checked.ok) return;
    const messages = {
      empty: 'An activity needs a name',
      'too-long': `An activity name is at most ${ACTIVITY_NAME_MAX} characters`,
      control: 'An activity name cannot hold line breaks or control characters',
    };
    context.addIssue({ code: 'custom', message: messages[checked.reason] });
  })
  .describe(`1 to ${ACTIVITY_NAME_MAX} characters in any script; unique per user ignoring case.`);

export const ActivityGroupSchema = z.enum(ACTIVITY_GROUPS);
export const ActivityIconSchema = z.enum(ACTIVITY_ICONS).describe('A lucide icon name.');

/** One of the user's activities (decision 074). */
export const ActivitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  group: ActivityGroupSchema,
  icon: ActivityIconSchema,
  position: z.number().int().describe('Its place in its group, lowest first.'),
  isArchived: z
    .boolean()
    .describe('Hidden from the picker; still shown on the check-ins that name it.'),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const CreateActivityBodySchema = z.strictObject({
  name: ActivityNameSchema,
  group: ActivityGroupSchema,
  icon: ActivityIconSchema,
});
export type CreateActivityBody = z.infer<typeof CreateActivityBodySchema>;

export const UpdateActivityBodySchema = z
  .strictObject({
    name: ActivityNameSchema.optional(),
    group: ActivityGroupSchema.optional(),
    icon: ActivityIconSchema.optional(),
    position: z.number().int().min(0).max(10_000).optional(),
    isArchived: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type UpdateActivityBody = z.infer<typeof UpdateActivityBodySchema>;

export const MergeActivityBodySchema = z.strictObject({
  intoId: z.uuid().describe('The activity that takes over every check-in of this one.'),
});

export const ActivityParamsSchema = z.strictObject({ activityId: z.uuid() });

export const ActivityAnswerSchema = successEnvelope(ActivitySchema);
export const ActivityListAnswerSchema = successEnvelope(z.array(ActivitySchema));
