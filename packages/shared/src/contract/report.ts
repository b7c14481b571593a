import { z } from 'zod';
import { MOODS } from '../domain/mood';
import { REPORT_DIARY_MAX, REPORT_LINK_MAX_DAYS, REPORT_SECTIONS } from '../domain/report';
import { LocalDateSchema, successEnvelope, TimestampSchema } from './common';
import { MeasureIdSchema } from './measure';

/** The report a person hands to a clinician, and the link that shows it (decision 084). */
export const ReportSectionSchema = z
  .enum(REPORT_SECTIONS)
  .describe(
    'calendar, distribution (with runs of low mood), checkIns (check-ins per day), activities ' +
      '(that went with better and worse days), measures (questionnaire scores) or diary ' +
      '(the excerpts named in diaryEntryIds).',
  );

export const ReportPaperSchema = z.enum(['a4', 'letter']).describe('A4 or US Letter (the PDF).');
export type ReportPaper = z.infer<typeof ReportPaperSchema>;

/** What a report covers: a range of local days, the sections, and the diary entries quoted. */
export const ReportRequestSchema = z.strictObject({
  from: LocalDateSchema.describe('The first local day of the range.'),
  to: LocalDateSchema.describe('The last local day: not after today, at most 1,827 days on.'),
  sections: z
    .array(ReportSectionSchema)
    .min(1)
    .max(REPORT_SECTIONS.length)
    .refine((s) => new Set(s).size === s.length, 'Each section once')
    .describe('The sections, each once; the report shows them in its own order.'),
  diaryEntryIds: z
    .array(z.uuid())
    .max(REPORT_DIARY_MAX)
    .refine((s) => new Set(s).size === s.length, 'Each entry once')
    .optional()
    .describe(
      `The diary entries quoted, chosen one by one (at most ${REPORT_DIARY_MAX}, each in the ` +
        'range); none without it. Only with the diary section.',
    ),
  paper: ReportPaperSchema.optional().describe('The PDF page size; A4 without it.'),
});
export type ReportRequest = z.infer<typeof ReportRequestSchema>;

const MoodSchema = z.enum(MOODS);

export const ReportDaySchema = z.object({
  date: LocalDateSchema,
  mood: MoodSchema.nullable().describe("The day's mood: the mean of its check-ins."),
  checkIns: z.number().int(),
  diary: z.boolean().describe('A diary entry was written for the day.'),
});
export type ReportDay = z.infer<typeof ReportDaySchema>;

export const ReportFindingSchema = z.object({
  name: z.string(),
  meanWith: z.number(),
  meanWithout: z.number(),
  daysWith: z.number().int(),
  daysWithout: z.number().int(),
  margin: z.number().describe('Half the width of the 95% interval of the difference.'),
  text: z.string().describe('The finding in words: "went together", never a cause.'),
});
export type ReportFinding = z.infer<typeof ReportFindingSchema>;

export const ReportMeasureResultSchema = z.object({
  date: LocalDateSchema,
  score: z.number().int(),
  band: z.string(),
  selfHarmAnswer: z
    .string()
    .nullable()
    .describe('PHQ-9 item 9 answered other than "not at all": the answer given, flagged.'),
});

export const ReportMeasureSchema = z.object({
  id: MeasureIdSchema,
  shortName: z.string(),
  name: z.string(),
  scoreMeaning: z.string(),
  maxScore: z.number().int(),
  bands: z.array(z.object({ min: z.number().int(), max: z.number().int(), label: z.string() })),
  credit: z.string(),
  results: z.array(ReportMeasureResultSchema).describe('Oldest first.'),
});
export type ReportMeasure = z.infer<typeof ReportMeasureSchema>;

export const ReportSchema = z.object({
  from: LocalDateSchema,
  to: LocalDateSchema,
  days: z.number().int().describe('Local days in the range, both ends included.'),
  timeZone: z.string(),
  generatedAt: TimestampSchema,
  sections: z.array(ReportSectionSchema).describe("The sections shown, in the report's order."),
  notADiagnosis: z.string(),
  calendar: z
    .array(ReportDaySchema)
    .nullable()
    .describe('Each day of the range with a mood, a check-in or a diary entry, oldest first.'),
  distribution: z
    .object({
      moods: z.array(z.object({ mood: MoodSchema, days: z.number().int() })),
      daysWithMood: z.number().int(),
      lowRuns: z
        .array(z.object({ from: LocalDateSchema, to: LocalDateSchema, days: z.number().int() }))
        .describe('Three days or more in a row with a Sad or Depressed day mood.'),
    })
    .nullable(),
  checkIns: z
    .object({
      total: z.number().int(),
      daysWithCheckIns: z.number().int(),
      meanPerDay: z.number().describe('Over the days with a check-in, to one decimal.'),
      mostInADay: z.number().int(),
      byCount: z
        .array(z.object({ checkIns: z.number().int(), days: z.number().int() }))
        .describe('How many days had 1, 2, 3 … check-ins.'),
    })
    .nullable(),
  activities: z
    .object({
      better: z.array(ReportFindingSchema),
      worse: z.array(ReportFindingSchema),
      minDays: z.number().int().describe('Days needed on each side for a finding.'),
    })
    .nullable(),
  measures: z.array(ReportMeasureSchema).nullable(),
  diary: z
    .array(
      z.object({
        date: LocalDateSchema,
        mood: MoodSchema.nullable(),
        isBackfilled: z.boolean(),
        text: z.string(),
      }),
    )
    .nullable()
    .describe('Only the entries chosen, oldest first.'),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportAnswerSchema = successEnvelope(ReportSchema);

/** A link to one report for a clinician: never the token, which is shown once. */
export const ReportLinkSchema = z.object({
  id: z.uuid(),
  from: LocalDateSchema,
  to: LocalDateSchema,
  sections: z.array(ReportSectionSchema),
  diaryEntries: z.number().int().describe('How many diary entries it quotes.'),
  createdAt: TimestampSchema,
  expiresAt: TimestampSchema,
  expired: z.boolean(),
  openCount: z.number().int(),
  lastOpenedAt: TimestampSchema.nullable(),
});
export type ReportLink = z.infer<typeof ReportLinkSchema>;

export const CreateReportLinkBodySchema = z.strictObject({
  report: ReportRequestSchema,
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(REPORT_LINK_MAX_DAYS)
    .describe(`Days until it stops opening: 1 to ${REPORT_LINK_MAX_DAYS}.`),
});
export type CreateReportLinkBody = z.infer<typeof CreateReportLinkBodySchema>;

export const CreatedReportLinkAnswerSchema = successEnvelope(
  z.object({
    link: ReportLinkSchema,
    token: z.string().describe('Shown this once; only its hash is kept.'),
    url: z
      .string()
      .describe('The page that opens it: the token rides in the fragment, never sent in a URL.'),
  }),
);

export const ReportLinkListAnswerSchema = successEnvelope(z.array(ReportLinkSchema));

export const ReportLinkParamsSchema = z.strictObject({ linkId: z.uuid() });

export const ReportLinkRevokedAnswerSchema = successEnvelope(z.object({ id: z.uuid() }));

/** What the clinician's page sends: the token from the link's fragment, in a body. */
export const SharedReportBodySchema = z.strictObject({
  token: z.string().min(20).max(100),
});

export const SharedReportAnswerSchema = successEnvelope(
  z.object({ report: ReportSchema, expiresAt: TimestampSchema }),
);
