import type { HistoryRow, LocalDate } from '@wellspring/shared';
import { CalendarRange } from 'lucide-react';
import { BarChart } from '@/components/ui/charts/bar-chart';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { CHART_MAX_POINTS, CHART_Y_TICKS, toWeeklyChartData, type ChartDay } from '../utils/chart';

const CHART_HEIGHT = 280;

/** The hover tooltip: the day and its real points (a day above the axis's top keeps its figure). */
function DayTooltip({ day }: { day: ChartDay }) {
  return (
    <>
      <p className="font-semibold text-ink">{day.dayName}</p>
      <p className="text-brand-violet tabular-nums">{formatNumber(day.points)} points</p>
    </>
  );
}

function Chart({ data, width }: { data: ChartDay[]; width?: number }) {
  return (
    <BarChart
      data={data.map((day) => ({ ...day, key: day.date, label: day.day }))}
      yDomain={[0, CHART_MAX_POINTS]}
      yTicks={CHART_Y_TICKS}
      formatTick={formatNumber}
      renderTooltip={(day) => <DayTooltip day={day} />}
      height={CHART_HEIGHT}
      width={width}
    />
  );
}

/**
 * This week's points, Sunday to Saturday: a bar chart on md screens and wider (SPEC.md hides
 * it on small screens), and the same figures as a table, visible on small screens and read by
 * screen readers everywhere.
 */
export function WeeklyChart({
  rows,
  days,
  today,
  isLoading,
  chartWidth,
}: {
  rows: readonly HistoryRow[] | undefined;
  days: readonly LocalDate[];
  today?: LocalDate;
  isLoading: boolean;
  /** A fixed width, for tests; the chart otherwise fills its card. */
  chartWidth?: number;
}) {
  const data = toWeeklyChartData(rows ?? [], days);
  const weekTotal = data.reduce((sum, day) => sum + day.points, 0);
  return (
    <section
      aria-labelledby="weekly-chart-title"
      className="rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="weekly-chart-title"
          className="flex items-center gap-2 text-base font-semibold text-ink"
        >
          <CalendarRange className="size-[18px] text-brand-violet" aria-hidden />
          This Week
        </h2>
        <p className="text-sm text-ink-muted">
          <FormattedNumber value={weekTotal} className="font-semibold text-ink tabular-nums" />{' '}
          points
        </p>
      </div>
      {isLoading ? (
        <Skeleton className="mt-4 h-40 md:h-[280px]" />
      ) : (
        <>
          <div className="mt-4 hidden md:block" aria-hidden data-testid="weekly-chart">
            <Chart data={data} width={chartWidth} />
          </div>
          <table className="mt-3 w-full text-sm md:sr-only">
            <caption className="sr-only">Points earned each day this week</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Points</th>
              </tr>
            </thead>
            <tbody>
              {data.map((day) => (
                <tr key={day.date} className="border-t border-line first:border-t-0">
                  <th scope="row" className="py-2 text-left font-medium text-ink-soft">
                    {day.dayName}{' '}
                    {day.date === today && (
                      <span className="ml-2 rounded-full bg-surface px-2 py-0.5 text-xs font-semibold text-brand-violet">
                        Today
                      </span>
                    )}
                  </th>
                  <td className="py-2 text-right font-semibold text-ink tabular-nums">
                    <FormattedNumber value={day.points} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
