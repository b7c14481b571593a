import { z } from 'zod';
import { WEEKDAYS } from '../domain/dates';
import { EARLIEST_DAY } from '../domain/limits';
import { MOODS } from '../domain/mood';
import { EARLIEST_MONTH } from '../domain/months';
import { ON_THIS_DAY_SPANS } from '../domain/on-this-day';
import { LocalDateSchema, successEnvelope, TimestampSchema } from './common';
import { DiarySchema } from './diary';
import { CheckInSchema } from './check-in';

const UserId = z
  .string()
  .min(1)
  .max(100)
  .describe("The signed-in user's id; any other value answers 404.");
const ChosenMoodSchema = z.enum(MOODS);
// A mood or null. OpenAPI 3.0's `nullable` does not add null to an `enum`, so the published enum
// lists null itself; without it a validator of the document refuses every day without a mood.
const MoodOrNullSchema = ChosenMoodSchema.nullable().meta({ enum: [...MOODS, null] });
const LevelSchema = z
  .number()
  .int()
  .min(1)
  .max(5)
  .describe('The mood on the ordered scale: 1 Depressed, 2 Sad, 3 Neutral, 4 Happy, 5 Ecstatic.');

// ---- GET /insights/calendar ---------------------------------------------------------------

export const InsightsCalendarQuerySchema = z.strictObject({
  id: UserId,
  // Four digits, so the published pattern says what a year is (intQuery's allows 16 digits).
  year: z
    .string()
    .regex(/^\d{4}$/, 'Expected a year: four digits')
    .transform(Number)
    .pipe(z.number().int().min(1900).max(9999))
    .describe("The calendar year, in the user's time zone."),
});

export const CalendarDaySchema = z.object({
  date: LocalDateSchema,
  mood: MoodOrNullSchema.describe(
    "The mean of the day's check-ins, rounded to a mood (decision 073); null without one.",
  ),
  checkInCount: z.number().int().describe('How many check-ins the mood is the mean of.'),
  hasDiary: z.boolean(),
  points: z.number().int().describe('Points of the tasks completed that day.'),
});
export type CalendarDay = z.infer<typeof CalendarDaySchema>;

export const InsightsCalendarSchema = z.object({
  year: z.number().int(),
  days: z
    .array(CalendarDaySchema)
    .describe(
      'One entry per local day of the year with a mood, a diary entry or points; in order.',
    ),
});
export type InsightsCalendar = z.infer<typeof InsightsCalendarSchema>;
export const InsightsCalendarAnswerSchema = successEnvelope(InsightsCalendarSchema);

// ---- GET /insights/trends -----------------------------------------------------------------

/** The spans the trends call answers, in days ending today. */
export const TREND_SPANS = ['30', '90', '365'] as const;

export const InsightsTrendsQuerySchema = z.strictObject({
  id: UserId,
  days: z
    .enum(TREND_SPANS)
    .transform(Number)
    .describe('How many local days, ending today: 30, 90 or 365.'),
});

export const MoodCountsSchema = z.object({
  Depressed: z.number().int(),
  Sad: z.number().int(),
  Neutral: z.number().int(),
  Happy: z.number().int(),
  Ecstatic: z.number().int(),
});
export type MoodCounts = z.infer<typeof MoodCountsSchema>;

export const InsightsTrendsSchema = z.object({
  days: z.number().int(),
  series: z.array(
    z.object({
      date: LocalDateSchema,
      mood: MoodOrNullSchema,
      level: LevelSchema.nullable(),
    }),
  ),
  counts: MoodCountsSchema.describe('How many days of the span had each mood.'),
  byWeekday: z
    .array(z.object({ weekday: z.enum(WEEKDAYS), counts: MoodCountsSchema }))
    .describe('The same counts by weekday, Monday to Sunday.'),
});
export type InsightsTrends = z.infer<typeof InsightsTrendsSchema>;
export const InsightsTrendsAnswerSchema = successEnvelope(InsightsTrendsSchema);

// ---- GET /insights/findings ---------------------------------------------------------------

export const InsightsFindingsQuerySchema = z.strictObject({ id: UserId });

export const FindingSchema = z.object({
  kind: z.enum(['task', 'taskMood', 'diary', 'activity']),
  /** The catalogue task's title (task), the task mood (taskMood), the activity's name; null for the diary. */
  subject: z.string().nullable(),
  /** What is compared: the next day's mood (tasks) or the same day's (diary, activities). */
  compares: z.enum(['nextDay', 'sameDay']),
  meanWith: z.number(),
  meanWithout: z.number(),
  daysWith: z.number().int().min(5),
  daysWithout: z.number().int().min(5),
  margin: z
    .number()
    .describe('The difference of the means is known to about this much, either way (95%).'),
  text: z.string().describe('The finding in words: "went together", never a cause.'),
});
export type Finding = z.infer<typeof FindingSchema>;

export const InsightsFindingsSchema = z.object({
  findings: z
    .array(FindingSchema)
    .describe('Only findings with at least 5 days on each side; empty rather than noise.'),
  support: z
    .boolean()
    .describe(
      'Sad or Depressed on at least 3 of the last 5 days with a mood: show the support card.',
    ),
});
export type InsightsFindings = z.infer<typeof InsightsFindingsSchema>;
export const InsightsFindingsAnswerSchema = successEnvelope(InsightsFindingsSchema);

// ---- GET /insights/day --------------------------------------------------------------------

export const InsightsDayQuerySchema = z.strictObject({
  id: UserId,
  date: LocalDateSchema.refine((date) => date >= EARLIEST_DAY, {
    message: `Expected a date from ${EARLIEST_DAY} on`,
  }).describe("The local day to show, in the user's time zone."),
});

export const DayTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  mood: ChosenMoodSchema,
  points: z.number().int(),
  completedAt: TimestampSchema,
});
export type DayTask = z.infer<typeof DayTaskSchema>;

export const InsightsDaySchema = z.object({
  date: LocalDateSchema,
  mood: MoodOrNullSchema,
  diary: DiarySchema.nullable().describe("The day's diary entry, opened for its owner; or null."),
  checkIns: z
    .array(CheckInSchema)
    .describe("The day's check-ins in the order taken; the mood is their mean (decision 073)."),
  tasks: z.array(DayTaskSchema).describe('The tasks completed that local day, in the order done.'),
  canBackfill: z
    .boolean()
    .describe(
      'Whether a check-in or a diary entry may be added later for this day: a past day, not ' +
        "before the user's first day (decision 073).",
    ),
});
export type InsightsDay = z.infer<typeof InsightsDaySchema>;
export const InsightsDayAnswerSchema = successEnvelope(InsightsDaySchema);

// ---- GET /insights/support, POST /insights/support/dismiss -------------------------------

export const InsightsSupportQuerySchema = z.strictObject({ id: UserId });
export const DismissSupportBodySchema = z.strictObject({ id: UserId });

export const InsightsSupportSchema = z.object({
  show: z
    .boolean()
    .describe(
      'Sad or Depressed on at least 3 of the last 5 days with a mood, and not dismissed in the ' +
        'last 7 days: show the support card.',
    ),
  hiddenUntil: LocalDateSchema.nullable().describe(
    'After a dismissal, the first local day the card may show again; else null.',
  ),
});
export type InsightsSupport = z.infer<typeof InsightsSupportSchema>;
export const InsightsSupportAnswerSchema = successEnvelope(InsightsSupportSchema);

// ---- GET /insights/on-this-day ------------------------------------------------------------

export const InsightsOnThisDayQuerySchema = z.strictObject({ id: UserId });

export const OnThisDayEntrySchema = z.object({
  date: LocalDateSchema,
  label: z
    .enum(ON_THIS_DAY_SPANS.map((s) => s.label))
    .describe('The same date a month ago, or a year ago, in the user’s time zone.'),
  mood: MoodOrNullSchema.describe("The day's mood (decision 073); null when it has none."),
  checkInCount: z.number().int().min(0).describe('How many check-ins the day holds.'),
  feelings: z
    .array(z.string())
    .describe("The day's feeling words, each once, the most often named first."),
  diary: z
    .object({
      excerpt: z.string().describe("The opening of the day's diary entry: 280 characters at most."),
      isCut: z.boolean().describe('True when the entry goes on past the excerpt.'),
    })
    .nullable()
    .describe("The day's diary entry, opened for its owner and cut short; or null."),
});
export type OnThisDayEntry = z.infer<typeof OnThisDayEntrySchema>;

export const InsightsOnThisDaySchema = z.object({
  entries: z
    .array(OnThisDayEntrySchema)
    .max(ON_THIS_DAY_SPANS.length)
    .describe(
      'A month ago, then a year ago; a day with nothing recorded, or a date the month does not ' +
        'have (31 March looks back to no February day), is left out, and so is a Sad or Depressed ' +
        'day unless the preference onThisDayShowsLowDays is on (decision 076).',
    ),
  showsLowDays: z
    .boolean()
    .describe('The preference onThisDayShowsLowDays, as the entries used it.'),
});
export type InsightsOnThisDay = z.infer<typeof InsightsOnThisDaySchema>;
export const InsightsOnThisDayAnswerSchema = successEnvelope(InsightsOnThisDaySchema);

// ---- GET /insights/feelings ---------------------------------------------------------------

export const InsightsFeelingsQuerySchema = z.strictObject({
  id: UserId,
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month: YYYY-MM')
    .refine((month) => month >= EARLIEST_MONTH, {
      message: `Expected a month from ${EARLIEST_MONTH} on`,
    })
    .optional()
    .describe(
      "The month, YYYY-MM, in the user's time zone; the current month when left out. A month " +
        'still to come answers 400 DAY_OUT_OF_RANGE.',
    ),
});

export const FeelingUseSchema = z.object({
  word: z.string(),
  checkIns: z.number().int().min(1).describe('How many check-ins of the month named it.'),
  days: z.number().int().min(1).describe('On how many local days of the month it was named.'),
});
export type FeelingUse = z.infer<typeof FeelingUseSchema>;

export const FeelingFindingSchema = z.object({
  word: z.string(),
  meanWith: z.number(),
  meanWithout: z.number(),
  daysWith: z.number().int().min(5),
  daysWithout: z.number().int().min(5),
  margin: z
    .number()
    .describe('The difference of the means is known to about this much, either way (95%).'),
  text: z.string().describe('The finding in words: "went together", never a cause.'),
});
export type FeelingFinding = z.infer<typeof FeelingFindingSchema>;

export const InsightsFeelingsSchema = z.object({
  month: z.string().describe('The month answered, YYYY-MM.'),
  words: z
    .array(FeelingUseSchema)
    .describe(
      'Each word named that month, the most check-ins first (then most days, then A to Z).',
    ),
  findings: z
    .array(FeelingFindingSchema)
    .describe(
      'Over every day up to the end of the month: the mean mood of the days a word was named on ' +
        'against the other days with a mood, as the activity findings (decision 075): at least 5 ' +
        'days on each side, better or worse, the widest gaps first, at most 8.',
    ),
});
export type InsightsFeelings = z.infer<typeof InsightsFeelingsSchema>;
export const InsightsFeelingsAnswerSchema = successEnvelope(InsightsFeelingsSchema);
