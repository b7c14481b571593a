import type { LocalDate } from './dates';

const DAY_MS = 86_400_000;

/** A local date as a count of days since 1970-01-01, so that consecutive days differ by one. */
function toDayNumber(date: LocalDate): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/**
 * The diary streak: consecutive local days with an entry, ending today,
 * or ending yesterday while today has no entry yet.
 */
export function getDiaryStreak(entryDates: Iterable<LocalDate>, today: LocalDate): number {
  const days = new Set<number>();
  for (const date of entryDates) days.add(toDayNumber(date));
  const todayNumber = toDayNumber(today);
  let day = days.has(todayNumber) ? todayNumber : todayNumber - 1;
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day -= 1;
  }
  return streak;
}
