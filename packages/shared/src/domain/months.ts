import type { LocalDate } from './dates';
import { EARLIEST_DAY } from './limits';

/** A calendar month, 'YYYY-MM'. */
export type LocalMonth = string;

/** The earliest month GET /insights/feelings answers: that of EARLIEST_DAY. */
export const EARLIEST_MONTH: LocalMonth = EARLIEST_DAY.slice(0, 7);

/** The month a local date falls in. */
export function monthOf(date: LocalDate): LocalMonth {
  return date.slice(0, 7);
}

/** How many days a month has (month 1 to 12). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Year and month (1 to 12) of a month index counted from year 0. */
function fromIndex(index: number): [number, number] {
  return [Math.floor(index / 12), (index % 12) + 1];
}

/** The month `months` months after (or before, when negative) a month. */
export function addMonths(month: LocalMonth, months: number): LocalMonth {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const [y, n] = fromIndex(year * 12 + (m - 1) + months);
  return `${pad(y, 4)}-${pad(n)}`;
}

/** The first and the last local day of a month. */
export function monthRange(month: LocalMonth): { start: LocalDate; end: LocalDate } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return { start: `${month}-01`, end: `${month}-${pad(daysInMonth(year, m))}` };
}

/**
 * The same date `months` months before a local date; null when that month has no such day (31
 * March one month back, 29 February one year back), never the shorter month's last day instead.
 */
export function sameDateMonthsBefore(date: LocalDate, months: number): LocalDate | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [y, m] = fromIndex(year * 12 + (month - 1) - months);
  return day > daysInMonth(y, m) ? null : `${pad(y, 4)}-${pad(m)}-${pad(day)}`;
}
