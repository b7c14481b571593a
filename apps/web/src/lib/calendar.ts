import {
  getWeekday,
  MONTH_NAMES as SHARED_MONTH_NAMES,
  WEEKDAYS,
  type LocalDate,
} from '@wellspring/shared';

/*
 * Months and weeks of 'YYYY-MM-DD' local dates, Monday first: the Insights calendar and the
 * report's calendar lay their months out alike.
 */

/** The weekday names, Monday first: the shared list the API's answers use. */
export const WEEKDAY_NAMES = WEEKDAYS;

/** The month names, January first: the shared list the report's words use too. */
export const MONTH_NAMES = SHARED_MONTH_NAMES;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function toLocalDate(year: number, month: number, day: number): LocalDate {
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`;
}

/** [year, month 0..11, day 1..31] of a local date. */
export function parseDate(date: LocalDate): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [year, month - 1, day];
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** 0 for Monday to 6 for Sunday. */
export function getMondayWeekday(date: LocalDate): number {
  return (getWeekday(date) + 6) % 7;
}

/** The month as weeks of seven, Monday first; null before the 1st and after the last day. */
export function getMonthWeeks(year: number, month: number): (LocalDate | null)[][] {
  const first = toLocalDate(year, month, 1);
  const cells: (LocalDate | null)[] = Array.from({ length: getMondayWeekday(first) }, () => null);
  const count = daysInMonth(year, month);
  for (let day = 1; day <= count; day += 1) cells.push(toLocalDate(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** 'Tuesday 3 March 2026'. */
export function formatDayName(date: LocalDate): string {
  const [year, month, day] = parseDate(date);
  return `${WEEKDAY_NAMES[getMondayWeekday(date)]} ${day} ${MONTH_NAMES[month]} ${year}`;
}
