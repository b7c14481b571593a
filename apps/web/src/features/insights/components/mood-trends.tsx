import { MOOD_COLORS, type InsightsTrends } from '@wellspring/shared';
import { LineChart as LineChartIcon } from 'lucide-react';
import { useState } from 'react';
import { LineChart } from '@/components/ui/charts/line-chart';
import { Skeleton } from '@/components/ui/skeleton';
import { getTabId, Tabs } from '@/components/ui/tabs';
import { useTrends, type TrendSpan } from '../api/get-trends';
import { formatLevel, listCounts, pickXLabels, summarizeTrends } from '../utils/trends';

const SPANS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
] as const;
type SpanValue = (typeof SPANS)[number]['value'];

const PANEL_ID = 'mood-trends-panel';
const LEVEL_TICKS = [1, 2, 3, 4, 5] as const;

/** How often each mood came: a bar per mood with its count written beside it. */
function MoodCountBars({ trends }: { trends: InsightsTrends }) {
  const counts = listCounts(trends.counts);
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <ul className="mt-2 flex flex-col gap-2">
      {counts.map(({ mood, count }) => (
        <li
          key={mood}
          className="grid grid-cols-[5.5rem_minmax(0,1fr)_3.5rem] items-center gap-2 text-sm"
        >
          <span className="text-ink-soft">{mood}</span>
          <span aria-hidden className="h-3 overflow-hidden rounded-full bg-surface">
            <span
              className="block h-full rounded-full"
              style={{ width: `${(count / max) * 100}%`, backgroundColor: MOOD_COLORS[mood] }}
            />
          </span>
          <span className="text-right font-semibold text-ink tabular-nums">
            {count} {count === 1 ? 'day' : 'days'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The same counts by weekday: weekday rows, mood columns. */
function WeekdayTable({ trends }: { trends: InsightsTrends }) {
  const moods = listCounts(trends.counts).map((c) => c.mood);
  return (
    <div className="mt-2">
      <table className="w-full text-xs sm:text-sm">
        <caption className="sr-only">
          Days with each mood, by weekday, in the last {trends.days} days
        </caption>
        <thead>
          <tr className="text-xs text-ink-muted">
            <th scope="col" className="py-1.5 pr-2 text-left font-medium">
              <span className="sr-only sm:not-sr-only">Weekday</span>
            </th>
            {moods.map((mood) => (
              <th key={mood} scope="col" className="px-1 py-1.5 text-right font-medium">
                {mood}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {trends.byWeekday.map((row) => (
            <tr key={row.weekday} className="border-t border-line">
              <th scope="row" className="py-1.5 pr-2 text-left font-medium text-ink-soft">
                <span aria-hidden className="sm:hidden">
                  {row.weekday.slice(0, 3)}
                </span>
                <span className="sr-only sm:not-sr-only">{row.weekday}</span>
              </th>
              {moods.map((mood) => (
                <td key={mood} className="px-1 py-1.5 text-right text-ink tabular-nums">
                  {row.counts[mood]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TrendsBody({ trends }: { trends: InsightsTrends }) {
  return (
    <>
      <p className="text-sm text-ink-soft">{summarizeTrends(trends)}</p>
      <div className="mt-4" data-testid="mood-trend-chart">
        <LineChart
          data={trends.series.map((day) => ({
            key: day.date,
            value: day.level,
            color: day.mood ? MOOD_COLORS[day.mood] : undefined,
          }))}
          yDomain={[1, 5]}
          yTicks={LEVEL_TICKS}
          formatTick={formatLevel}
          xLabels={pickXLabels(trends.series.map((day) => day.date))}
          height={220}
          yAxisWidth={72}
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-ink">How often each mood came</h3>
          <MoodCountBars trends={trends} />
        </div>
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-ink">By weekday</h3>
          <WeekdayTable trends={trends} />
        </div>
      </div>
    </>
  );
}

/** Mood trends (decision 036): the last 30, 90 or 365 days as a chart, counts and weekdays. */
export function MoodTrends() {
  const [span, setSpan] = useState<SpanValue>('30');
  const trends = useTrends(Number(span) as TrendSpan);
  return (
    <section
      aria-labelledby="mood-trends-title"
      className="rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="mood-trends-title"
          className="flex items-center gap-2 text-base font-semibold text-ink"
        >
          <LineChartIcon className="size-[18px] text-brand-violet" aria-hidden />
          Mood trends
        </h2>
        <Tabs
          label="Trend span"
          options={SPANS}
          value={span}
          onChange={setSpan}
          panelId={PANEL_ID}
        />
      </div>
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={getTabId(PANEL_ID, span)}
        aria-busy={trends.isFetching || undefined}
        className="mt-4"
      >
        {trends.isError ? (
          <p
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            Your mood trends could not be loaded. Please try again later.
          </p>
        ) : trends.isPending ? (
          <Skeleton className="h-64" />
        ) : (
          <TrendsBody trends={trends.data} />
        )}
      </div>
    </section>
  );
}
