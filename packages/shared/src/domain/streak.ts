import type { LocalDate } from './dates';

const DAY_MS = 86_400_000;

/** Rest days each calendar month gives: each bridges one missing day (decision 072). */
export const REST_DAYS_PER_MONTH = 2;

/** The forgiving diary streak on a local `today` (decision 072). */
export interface ForgivingStreak {
  /** Days with an entry in the run. `diaryStreak` in GET /v1/user carries this. */
  days: number;
  /** How many of `restDays` fall in today's calendar month. */
  restDaysUsedThisMonth: number;
  /** The missing dates the run bridged, newest first. */
  restDays: LocalDate[];
}

/** A local date as a count of days since 1970-01-01, so that consecutive days differ by one. */
function toDayNumber(date: LocalDate): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

function fromDayNumber(day: number): LocalDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The forgiving diary streak (decision 072). The run ends today if today has an entry, else
 * yesterday (the day is not over). Walking back from its end, a day with an entry counts; a
 * missing day is a rest day, counting nothing, when the day before it has an entry, its own
 * calendar month has bridged fewer than REST_DAYS_PER_MONTH so far, and an entry after it has
 * already counted. Any other missing day ends the run. Dates after today, duplicates and order do
 * not matter; the dates are local calendar dates, so time zones and daylight saving play no part.
 */
export function getForgivingStreak(
  entryDates: Iterable<LocalDate>,
  today: LocalDate,
): ForgivingStreak {
  const todayNumber = toDayNumber(today);
  // Dates after today need no filter: the walk starts at today or yesterday and only goes back.
  const entries = new Set<number>();
  for (const date of entryDates) entries.add(toDayNumber(date));

  const restDays: LocalDate[] = [];
  const usedByMonth = new Map<string, number>();
  let day = entries.has(todayNumber) ? todayNumber : todayNumber - 1;
  let days = 0;
  for (;;) {
    if (entries.has(day)) {
      days += 1;
    } else {
      // A rest day never starts a run, and bridges one missing day only.
      if (days === 0 || !entries.has(day - 1)) break;
      const date = fromDayNumber(day);
      const month = date.slice(0, 7);
      const used = usedByMonth.get(month) ?? 0;
      if (used >= REST_DAYS_PER_MONTH) break;
      usedByMonth.set(month, used + 1);
      restDays.push(date);
    }
    day -= 1;
  }

  const thisMonth = today.slice(0, 7);
  return {
    days,
    restDaysUsedThisMonth: restDays.filter((date) => date.slice(0, 7) === thisMonth).length,
    restDays,
  };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** What the streak card says: '21 days, 1 rest day used this month', or '21 days' when none. */
export function formatStreakSummary(streak: {
  days: number;
  restDaysUsedThisMonth: number;
}): string {
  const days = plural(streak.days, 'day');
  if (streak.restDaysUsedThisMonth === 0) return days;
  return `${days}, ${plural(streak.restDaysUsedThisMonth, 'rest day')} used this month`;
}
