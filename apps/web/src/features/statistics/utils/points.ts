import type { HistoryRow, LocalDate } from '@wellspring/shared';

/** Every point earned, over all goals. */
export function getTotalPoints(goals: readonly { earned: number }[]): number {
  return goals.reduce((sum, goal) => sum + goal.earned, 0);
}

/** The points earned on a local date, 0 when the range has no row for it. */
export function getPointsOn(rows: readonly HistoryRow[], date: LocalDate): number {
  return rows.find((row) => row.date === date)?.pointsEarned ?? 0;
}

/**
 * The '+X% Today' badge: today's points as a share of every point earned (today's included),
 * rounded to a whole percent; 0 when nothing has been earned. Today alone is 100%.
 */
export function getTodayPercent(todayPoints: number, totalPoints: number): number {
  if (totalPoints <= 0 || todayPoints <= 0) return 0;
  return Math.min(100, Math.round((todayPoints * 100) / totalPoints));
}
