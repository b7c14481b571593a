import {
  weekdayNameOf,
  type HistoryRow,
  type LocalDate,
  type WeekdayName,
} from '@wellspring/shared';

/** SPEC.md section 9: the chart's y-axis tops out at 100,000 points; bars scale against it. */
export const CHART_MAX_POINTS = 100_000;
/** The y-axis labels, bottom to top: 0, 25.000, 50.000, 75.000, 100.000. */
export const CHART_Y_TICKS = [0, 25_000, 50_000, 75_000, CHART_MAX_POINTS];
export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export interface ChartDay {
  day: (typeof WEEKDAY_LABELS)[number];
  dayName: WeekdayName;
  date: LocalDate;
  /** The points earned that day. */
  points: number;
  /** What the bar draws: the points, capped at the top of the axis. */
  value: number;
  /** The bar's height as a share of the axis, 0 to 1. */
  ratio: number;
}

/** The week's seven bars, Sunday to Saturday; a day without a row earned nothing. */
export function toWeeklyChartData(rows: readonly HistoryRow[], days: readonly LocalDate[]) {
  const byDate = new Map(rows.map((row) => [row.date, row.pointsEarned]));
  return days.slice(0, 7).map((date, index): ChartDay => {
    const points = Math.max(0, byDate.get(date) ?? 0);
    const value = Math.min(points, CHART_MAX_POINTS);
    return {
      day: WEEKDAY_LABELS[index]!,
      // The week runs Sunday to Saturday here (SPEC.md): index 0 is Sunday.
      dayName: weekdayNameOf(index),
      date,
      points,
      value,
      ratio: value / CHART_MAX_POINTS,
    };
  });
}
