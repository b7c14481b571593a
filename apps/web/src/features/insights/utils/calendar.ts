import { addDays, type CalendarDay, type LocalDate } from '@wellspring/shared';
import {
  daysInMonth,
  formatDayName,
  getMondayWeekday,
  parseDate,
  toLocalDate,
} from '@/lib/calendar';
import { formatSpokenNumber } from '@/lib/format';

/*
 * The calendar's date arithmetic on 'YYYY-MM-DD' local dates (the user's time zone is applied
 * once, where "today" is found): months, weeks Monday first, moves by arrow key, and each day's
 * spoken label.
 */

// The months and weeks are lib/calendar.ts's, which the report's calendar lays out too.
export {
  daysInMonth,
  formatDayName,
  getMondayWeekday,
  getMonthWeeks,
  MONTH_NAMES,
  parseDate,
  toLocalDate,
  WEEKDAY_NAMES,
} from '@/lib/calendar';

/** The earliest year the API answers (its contract: 1900..9999). */
export const FIRST_YEAR = 1900;
const FIRST_DATE = `${FIRST_YEAR}-01-01`;

export interface YearMonth {
  year: number;
  /** 0 for January to 11 for December. */
  month: number;
}

export function getYearMonth(date: LocalDate): YearMonth {
  const [year, month] = parseDate(date);
  return { year, month };
}

/**
 * A day cell's accessible name: the date, then the mood by name (never colour alone), the diary
 * entry and the points: 'Tuesday 3 March 2026: Happy, diary entry, 12 points'. An empty day says
 * 'no mood'; a day after today says it has not come yet.
 */
export function getDayLabel(date: LocalDate, day: CalendarDay | undefined, today: LocalDate) {
  const name = formatDayName(date);
  if (date > today) return `${name}: not yet`;
  // A day of several check-ins shows their mean, and says so (decision 073).
  const mood = day?.mood ?? 'no mood';
  const count = day?.checkInCount ?? 0;
  const parts: string[] = [count > 1 ? `${mood} (the mean of ${count} check-ins)` : mood];
  if (day?.hasDiary) parts.push('diary entry');
  if (day && day.points > 0) {
    parts.push(`${formatSpokenNumber(day.points)} ${day.points === 1 ? 'point' : 'points'}`);
  }
  return `${name}: ${parts.join(', ')}`;
}

/** `date` held between the calendar's first day and today. */
export function clampDate(date: LocalDate, today: LocalDate): LocalDate {
  if (date > today) return today;
  if (date < FIRST_DATE) return FIRST_DATE;
  return date;
}

/**
 * Where a key moves the calendar's focus (WAI-ARIA grid): a day left or right, a week up or down,
 * Home and End to the week's Monday and Sunday; never past today. Null for any other key.
 */
export function moveDate(date: LocalDate, key: string, today: LocalDate): LocalDate | null {
  const steps: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -7,
    ArrowDown: 7,
    Home: -getMondayWeekday(date),
    End: 6 - getMondayWeekday(date),
  };
  const step = steps[key];
  return step === undefined ? null : clampDate(addDays(date, step), today);
}

/** The same day `months` months away, on the month's last day where it is shorter; not past today. */
export function shiftMonths(date: LocalDate, months: number, today: LocalDate): LocalDate {
  const [year, month, day] = parseDate(date);
  const index = year * 12 + month + months;
  const [y, m] = [Math.floor(index / 12), ((index % 12) + 12) % 12];
  return clampDate(toLocalDate(y, m, Math.min(day, daysInMonth(y, m))), today);
}

/** The days of the calendar answer by date. */
export function indexDays(days: readonly CalendarDay[] | undefined): Map<LocalDate, CalendarDay> {
  return new Map((days ?? []).map((day) => [day.date, day]));
}
