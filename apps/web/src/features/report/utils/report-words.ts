import { MOODS, type ChosenMood, type LocalDate } from '@wellspring/shared';
import { MONTH_NAMES } from '@/lib/calendar';

/*
 * The report's dates and numbers in the words its PDF uses (the API's report-words.ts), so that
 * the preview, the clinician's page and the file read alike: '1 September 2026', '3 to 5 October
 * 2026', '1,827 days'.
 */

function partsOf(date: LocalDate): { day: number; month: string; year: string } {
  const [year, month, day] = date.split('-') as [string, string, string];
  return { day: Number(day), month: MONTH_NAMES[Number(month) - 1]!, year };
}

/** '2026-09-01' as '1 September 2026'. */
export function formatDay(date: LocalDate): string {
  const { day, month, year } = partsOf(date);
  return `${day} ${month} ${year}`;
}

/** '2026-09' as 'September 2026'. */
export function formatMonth(month: string): string {
  const { month: name, year } = partsOf(`${month}-01`);
  return `${name} ${year}`;
}

/**
 * A run of days, the month and the year said once where they are shared: '3 to 5 October 2026',
 * '30 September to 2 October 2026', '30 December 2026 to 2 January 2027'.
 */
export function formatDayRange(from: LocalDate, to: LocalDate): string {
  const a = partsOf(from);
  const b = partsOf(to);
  if (a.year !== b.year) return `${formatDay(from)} to ${formatDay(to)}`;
  if (a.month !== b.month) return `${a.day} ${a.month} to ${formatDay(to)}`;
  return `${a.day} to ${formatDay(to)}`;
}

/** A whole number with thousands separators: 1,827. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** '1 day', '3 days', '1,827 days'. */
export function formatCountOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A share as a percentage to one decimal, '12.5%' (0% when there is nothing to share). */
export function formatShare(part: number, whole: number): string {
  const percent = whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
  return `${percent.toFixed(1)}%`;
}

/** Each mood's initial, shown beside its colour in the calendar: E, H, N, S, D. */
export const MOOD_LETTERS = Object.fromEntries(MOODS.map((m) => [m, m.charAt(0)])) as Record<
  ChosenMood,
  string
>;

/** The flag of a PHQ-9 result whose item 9 was answered other than "not at all". */
export function itemNineFlag(answer: string): string {
  return `Item 9 (thoughts of self-harm): ${answer}`;
}
