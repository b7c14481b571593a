import type { LocalDate } from './dates';
import { sameDateMonthsBefore } from './months';

/** The days "On this day" looks back to, each with its label (decision 076). */
export const ON_THIS_DAY_SPANS = [
  { months: 1, label: 'A month ago' },
  { months: 12, label: 'A year ago' },
] as const;

/** An "On this day" label: 'A month ago' or 'A year ago'. */
export type OnThisDayLabel = (typeof ON_THIS_DAY_SPANS)[number]['label'];

/** A diary entry's excerpt in "On this day" keeps at most this many characters. */
export const ON_THIS_DAY_EXCERPT_LENGTH = 280;

/**
 * The days "On this day" may show on `today`, a month ago first: the same date only, so a month
 * without that date has none (31 March looks back to no day of February) and a shorter month's
 * last day is never shown on two mornings in a row (decision 076).
 */
export function onThisDayDates(today: LocalDate): { date: LocalDate; label: OnThisDayLabel }[] {
  return ON_THIS_DAY_SPANS.flatMap(({ months, label }) => {
    const date = sameDateMonthsBefore(today, months);
    return date === null ? [] : [{ date, label }];
  });
}

/**
 * The opening of a diary entry: its first ON_THIS_DAY_EXCERPT_LENGTH characters (whole code
 * points, so an emoji is never cut in half), and whether there was more.
 */
export function excerptOf(text: string): { excerpt: string; isCut: boolean } {
  const chars = Array.from(text);
  if (chars.length <= ON_THIS_DAY_EXCERPT_LENGTH) return { excerpt: text, isCut: false };
  return { excerpt: chars.slice(0, ON_THIS_DAY_EXCERPT_LENGTH).join(''), isCut: true };
}
