import { listDates, type HistoryRow, type HistorySummary } from '@wellspring/shared';
import { presentGoal } from '../goal/goal.presenter';
import type { GoalRow } from '../goal/goal.repository';

/** The current goal's count of completed tasks and percent; zeros before the first goal. */
export function presentHistorySummary(goalRow: GoalRow | null): HistorySummary {
  if (!goalRow) return { taskCompleted: 0, completionPercent: 0 };
  const goal = presentGoal(goalRow);
  return { taskCompleted: goal.taskCompleted, completionPercent: goal.completionPercent };
}

/** One row a local day from `start` to `end`, a day without completed tasks at zero points. */
export function presentDailyPoints(
  start: string,
  end: string,
  sums: { day: string | null; points: number }[],
): HistoryRow[] {
  const byDay = new Map(sums.map((s) => [s.day, Number(s.points)]));
  return listDates(start, end).map((date) => ({ date, pointsEarned: byDay.get(date) ?? 0 }));
}
