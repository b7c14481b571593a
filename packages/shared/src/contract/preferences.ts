import { z } from 'zod';
import { successEnvelope } from './common';
import { WEEKDAYS } from '../domain/dates';

/*
 * The preferences remembered per account (the theme, the daily check-in reminder, whether "On this
 * day" shows low days) and the Web Push subscriptions of the user's devices (decisions 040, 041
 * and 076).
 */

const UserId = z
  .string()
  .min(1)
  .max(100)
  .describe("The signed-in user's id; any other value answers 404.");

export const THEMES = ['light', 'dark', 'system'] as const;
export const ThemeSchema = z.enum(THEMES).describe('Light, Dark, or follow the system.');
export type Theme = z.infer<typeof ThemeSchema>;

/** A local time of day, 24-hour HH:MM, in the user's time zone. */
export const LocalTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time of day: HH:MM, 24-hour')
  .meta({ example: '20:00' });

export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

export const ReminderSchema = z.object({
  enabled: z.boolean(),
  time: LocalTimeSchema.describe("When to remind, in the user's time zone."),
  weekdays: z
    .array(WeekdaySchema)
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'Each weekday at most once')
    .describe('The weekdays to remind on, Monday to Sunday.'),
});
export type Reminder = z.infer<typeof ReminderSchema>;

const OnThisDayShowsLowDaysSchema = z
  .boolean()
  .describe('Whether "On this day" shows days whose mood was Sad or Depressed (decision 076).');

const MeasureReminderSchema = z
  .boolean()
  .describe(
    'Whether the reminder also asks, every two weeks, to take the questionnaires (decision 083): ' +
      'at its time and weekdays, two weeks after the last one taken. Off by default.',
  );

export const PreferencesSchema = z.object({
  theme: ThemeSchema,
  reminder: ReminderSchema,
  onThisDayShowsLowDays: OnThisDayShowsLowDaysSchema,
  measureReminder: MeasureReminderSchema,
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/**
 * What a new account starts with: the system's theme, no reminder (20:00 every day once on), no
 * low days in "On this day", and no questionnaire reminder.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  reminder: { enabled: false, time: '20:00', weekdays: [...WEEKDAYS] },
  onThisDayShowsLowDays: false,
  measureReminder: false,
};

export const PreferencesQuerySchema = z.strictObject({ id: UserId });
export const UpdatePreferencesBodySchema = z.strictObject({
  theme: ThemeSchema.optional(),
  reminder: z.strictObject(ReminderSchema.shape).optional(),
  onThisDayShowsLowDays: OnThisDayShowsLowDaysSchema.optional(),
  measureReminder: MeasureReminderSchema.optional(),
});
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBodySchema>;
export const PreferencesAnswerSchema = successEnvelope(PreferencesSchema);

// ---- Web Push ---------------------------------------------------------------------------

/** The VAPID public key the browser subscribes with (base64url, uncompressed P-256 point). */
export const PushKeySchema = z.object({ publicKey: z.string() });
export const PushKeyAnswerSchema = successEnvelope(PushKeySchema);

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const PushSubscriptionBodySchema = z.strictObject({
  id: UserId,
  endpoint: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .describe("The push service's URL for this device."),
  keys: z.strictObject({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;
export const PushUnsubscribeBodySchema = z.strictObject({
  id: UserId,
  endpoint: z.string().min(1).max(2048),
});
export const PushSubscriptionAnswerSchema = successEnvelope(
  z.object({ endpoint: z.string(), createdAt: z.string() }),
);
/** How many subscriptions an unsubscribe removed: 0 for an endpoint already gone (no error). */
export const PushUnsubscribeAnswerSchema = successEnvelope(
  z.object({ removed: z.number().int().min(0) }),
);
