import { MEASURE_IDS, MEASURES, type MeasureId, type MeasureResult } from '@wellspring/shared';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { LineChart } from '@/components/ui/charts/line-chart';
import { Skeleton } from '@/components/ui/skeleton';
import { formatLongLocalDate } from '@/lib/format';
import { useMeasureResults } from '../api/measures';

/** 'Mar 1': a short date under the chart. */
function shortDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The most recent results a chart draws: a year of one every two weeks. */
const CHART_POINTS = 26;

function MeasureScores({ id, results }: { id: MeasureId; results: MeasureResult[] }) {
  const measure = MEASURES[id];
  const oldestFirst = results.slice(0, CHART_POINTS).reverse();
  // The band edges are the grid: each score is read against the published bands.
  const ticks = [...measure.bands.map((b) => b.min), measure.maxScore];
  const verb = results.length === 0 ? 'Take' : 'Take again';
  return (
    <section aria-labelledby={`scores-${id}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`scores-${id}`} className="text-[15px] font-semibold text-ink">
          {measure.shortName}{' '}
          <span className="ml-1 font-normal text-ink-muted">{measure.about}</span>
        </h3>
        <Link
          to={`/app/measures/${id}`}
          aria-label={`${verb} the ${measure.shortName}`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          {verb}
        </Link>
      </div>
      {results.length === 0 ? (
        <p className="text-sm text-ink-soft">Not taken yet.</p>
      ) : (
        <>
          {oldestFirst.length > 1 && (
            <LineChart
              data={oldestFirst.map((r) => ({ key: r.id, value: r.score }))}
              yDomain={[0, measure.maxScore]}
              yTicks={ticks}
              formatTick={String}
              xLabels={oldestFirst.map((r) => ({ key: r.id, label: shortDate(r.date) }))}
              height={160}
              yAxisWidth={36}
            />
          )}
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              {measure.shortName} scores, newest first; they run {measure.scoreMeaning}
            </caption>
            <thead className="text-xs text-ink-muted">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1 font-medium">
                  Score
                </th>
                <th scope="col" className="py-1 font-medium">
                  Band
                </th>
              </tr>
            </thead>
            <tbody>
              {results.slice(0, 5).map((r) => (
                <tr key={r.id} className="border-t border-line">
                  <td className="py-1.5">{formatLongLocalDate(r.date)}</td>
                  <td className="py-1.5 tabular-nums">{r.score}</td>
                  <td className="py-1.5">{r.band}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/**
 * Insights' questionnaires (decision 083): each measure's scores over time against its published
 * bands, with the dates, and a way to take it. A score is not a diagnosis, and the page says so.
 */
export function ScoresOverTime() {
  const results = useMeasureResults();
  return (
    <section
      id="scores-over-time"
      aria-labelledby="scores-over-time-title"
      className="scroll-mt-20 rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
    >
      <h2
        id="scores-over-time-title"
        className="flex items-center gap-2 text-base font-semibold text-ink"
      >
        <ClipboardList className="size-[18px] text-brand-violet" aria-hidden />
        Questionnaires
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Short questionnaires clinicians use, each about the last two weeks. A score is not a
        diagnosis.
      </p>
      {results.isError ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          Your questionnaire scores could not be loaded. Please try again later.
        </p>
      ) : !results.data ? (
        <Skeleton className="mt-4 h-24" />
      ) : (
        <div className="mt-4 flex flex-col gap-6">
          {MEASURE_IDS.map((id) => (
            <MeasureScores
              key={id}
              id={id}
              results={results.data.filter((r) => r.measure === id)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
