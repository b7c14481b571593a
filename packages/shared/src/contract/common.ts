import { z } from 'zod';

/** `{ status: 'success', data }`: the success envelope of every answer. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), data });
}

/** The error envelope of every failed answer (PRODUCT.md section 2). */
export const ErrorBodySchema = z.object({
  status: z.literal('fail'),
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Present on a validation error: what was wrong, field by field.'),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The `id` query parameter SPEC.md sends with most calls: the signed-in user's id. */
export const UserIdQuerySchema = z.strictObject({
  id: z.string().min(1).max(100).describe("The signed-in user's id; any other value answers 404."),
});

/**
 * An absolute http(s) URL: every URL the API hands out (a background's, the selected background's,
 * a picture's) is one, built from PUBLIC_URL, so a client on another origin shows it as it is.
 */
export const AbsoluteUrlSchema = z.url({ protocol: /^https?$/ });

/** A calendar date of the user's own day, in their time zone: YYYY-MM-DD, no time, no zone. */
export const LocalDateSchema = z.iso.date().meta({
  description:
    "A local calendar date, YYYY-MM-DD: the user's own day in their time zone (not a UTC " +
    'instant, so no time and no offset). A day runs from local midnight to local midnight.',
  example: '2026-03-10',
});

/** A timestamp as an ISO-8601 string. */
export const TimestampSchema = z.iso.datetime({ offset: true });

/** A whole number in a query string: decimal digits only (no '0x10', ' 7 ', '1e3' or '1.0'). */
export function intQuery(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d{1,16}$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** A millisecond timestamp in a query string; empty means none. */
export const MillisQuerySchema = z
  .union([z.literal(''), intQuery(0, 8_640_000_000_000_000)])
  .optional()
  .transform((v) => (v === '' || v === undefined ? undefined : v));
