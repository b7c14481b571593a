import { getWeekRange, listDates, type LocalDate } from '@wellspring/shared';
import type { DayRange } from '../api/get-daily-points';

/** The browser's local calendar date of an instant, 'YYYY-MM-DD'. */
export function toLocalDateString(date: Date): LocalDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function parseLocalDate(date: LocalDate): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [year, month - 1, day];
}

export interface CurrentWeek extends DayRange {
  /** The seven local dates, Sunday to Saturday. */
  days: LocalDate[];
  today: LocalDate;
}

/**
 * SPEC.md's current-week helper: Sunday 00:00 to Saturday 23:59:59.999, local time, as the
 * millisecond timestamps the history call takes.
 */
export function getCurrentWeek(now: Date = new Date()): CurrentWeek {
  const today = toLocalDateString(now);
  const { start, end } = getWeekRange(today);
  const [sy, sm, sd] = parseLocalDate(start);
  const [ey, em, ed] = parseLocalDate(end);
  return {
    startDate: new Date(sy, sm, sd, 0, 0, 0, 0).getTime(),
    endDate: new Date(ey, em, ed, 23, 59, 59, 999).getTime(),
    days: listDates(start, end),
    today,
  };
}
