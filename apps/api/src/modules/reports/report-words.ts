/*
 * Dates and numbers of the report in words, for the PDF: '1 September 2026', '3 to 5 October
 * 2026'. Written out here, not through Intl, so a server's locale data never changes a report.
 */
import type { LocalDate, LocalMonth } from '@wellspring/shared';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

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
export function formatMonth(month: LocalMonth): string {
  const { month: name, year } = partsOf(`${month}-01`);
  return `${name} ${year}`;
}

/**
 * A run of days, saying the month and the year once where they are shared: '3 to 5 October
 * 2026', '30 September to 2 October 2026', '30 December 2026 to 2 January 2027'.
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
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A share as a percentage to one decimal (0 when there is nothing to share). */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}
