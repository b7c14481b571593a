import { z } from 'zod';
import { MEASURE_IDS } from '../domain/measures';
import {
  AbsoluteUrlSchema,
  intQuery,
  LocalDateSchema,
  successEnvelope,
  TimestampSchema,
  UserIdQuerySchema,
} from './common';

/** The questionnaires (decision 083). */
export const MeasureIdSchema = z
  .enum(MEASURE_IDS)
  .describe('who5 (WHO-5 Well-Being Index), phq9 (PHQ-9) or gad7 (GAD-7).');

export const MeasureParamsSchema = z.strictObject({ measure: MeasureIdSchema });

/** A questionnaire as published: its wording, options, bands and credit. */
export const MeasureDefinitionSchema = z.object({
  id: MeasureIdSchema,
  shortName: z.string(),
  name: z.string(),
  about: z.string(),
  instruction: z.string().describe('The published instruction, with its time frame.'),
  items: z.array(z.string()),
  options: z.array(z.object({ value: z.number().int(), label: z.string() })),
  difficulty: z
    .object({ question: z.string(), options: z.array(z.string()) })
    .nullable()
    .describe('The published question on how hard the problems made life: answered, not scored.'),
  maxScore: z.number().int(),
  scoreMeaning: z.string(),
  higherIsBetter: z.boolean(),
  bands: z.array(z.object({ min: z.number().int(), max: z.number().int(), label: z.string() })),
  credit: z.string(),
});
export type MeasureDefinitionBody = z.infer<typeof MeasureDefinitionSchema>;

export const MeasureDefinitionsAnswerSchema = successEnvelope(
  z.object({
    measures: z.array(MeasureDefinitionSchema),
    notADiagnosis: z.string().describe('Said with every result.'),
  }),
);

/** The most results one page of GET /measure-results answers. */
export const MEASURE_RESULTS_PAGE_MAX = 100;

/** One taken questionnaire: the answers as given, and the score and band they make. */
export const MeasureResultSchema = z.object({
  id: z.uuid(),
  measure: MeasureIdSchema,
  answers: z.array(z.number().int()).describe("Each question's answer, in the questions' order."),
  difficulty: z
    .number()
    .int()
    .nullable()
    .describe('The difficulty question: 0 (not difficult at all) to 3; null: not answered.'),
  score: z.number().int().describe('The published score (WHO-5: a percentage).'),
  band: z.string().describe('The published band the score falls in.'),
  flagsSelfHarm: z
    .boolean()
    .describe('PHQ-9 only: item 9 (thoughts of self-harm) answered other than "not at all".'),
  takenAt: TimestampSchema,
  date: LocalDateSchema.describe('The local day it was taken on; one of each measure a day.'),
});
export type MeasureResult = z.infer<typeof MeasureResultSchema>;

export const CreateMeasureResultBodySchema = z.strictObject({
  answers: z
    .array(z.number().int())
    .min(1)
    .max(20)
    .describe('One answer a question, each a value of its options; WHO-5 5 to 0, others 0 to 3.'),
  difficulty: z
    .number()
    .int()
    .min(0)
    .max(3)
    .nullable()
    .optional()
    .describe('PHQ-9 and GAD-7 only: the difficulty question, 0 to 3.'),
});
export type CreateMeasureResultBody = z.infer<typeof CreateMeasureResultBodySchema>;

export const MeasureResultAnswerSchema = successEnvelope(MeasureResultSchema);

export const MeasureResultListQuerySchema = UserIdQuerySchema.extend({
  measure: MeasureIdSchema.optional().describe('Only this measure; without it, all three.'),
  limit: intQuery(1, MEASURE_RESULTS_PAGE_MAX)
    .optional()
    .describe(`At most this many results (1 to ${MEASURE_RESULTS_PAGE_MAX}; 30 without it).`),
  before: TimestampSchema.optional().describe(
    "Only results taken before this instant: the next page's cursor is the last result's takenAt.",
  ),
});
export type MeasureResultListQuery = z.infer<typeof MeasureResultListQuerySchema>;

export const MeasureResultListAnswerSchema = successEnvelope(z.array(MeasureResultSchema));

export const MeasureResultParamsSchema = z.strictObject({ resultId: z.uuid() });

export const MeasureResultDeletedAnswerSchema = successEnvelope(z.object({ id: z.uuid() }));

/** Where to turn in a crisis: a setting of the deployment (decision 083). */
export const SupportResourceSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  url: AbsoluteUrlSchema.nullable(),
});
export type SupportResource = z.infer<typeof SupportResourceSchema>;

export const SupportResourcesAnswerSchema = successEnvelope(
  z.object({ resources: z.array(SupportResourceSchema) }),
);
