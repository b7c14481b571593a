import { addDays, type LocalDate } from './dates';

/**
 * The diary streak: consecutive local days with an entry, ending today,
 * or ending yesterday while today has no entry yet.
 */
export function getDiaryStreak(entryDates: Iterable<LocalDate>, today: LocalDate): number {
  const dates = new Set(entryDates);
  let day = dates.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (dates.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}
