import { MEASURES, NOT_A_DIAGNOSIS, type MeasureResult } from '@wellspring/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatLongLocalDate } from '@/lib/format';

/**
 * A questionnaire's result (decision 083): the score with what it means, its band among the
 * published bands, and, always, that a score is not a diagnosis.
 */
export function MeasureResultView({ result }: { result: MeasureResult }) {
  const measure = MEASURES[result.measure];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      aria-labelledby="measure-result-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-5 shadow-card sm:p-6"
    >
      <h2
        id="measure-result-title"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-ink outline-none"
      >
        Your {measure.shortName} score: {result.score}
      </h2>
      <p className="text-[15px] text-ink-soft">
        {measure.shortName} scores run {measure.scoreMeaning}. Taken on{' '}
        {formatLongLocalDate(result.date)}.
      </p>
      <div>
        <h3 className="text-sm font-medium text-ink">The published bands</h3>
        <ul className="mt-2 flex flex-col gap-1">
          {measure.bands.map((band) => {
            const isHere = band.label === result.band;
            return (
              <li
                key={band.label}
                aria-current={isHere || undefined}
                className={cn(
                  'flex justify-between gap-3 rounded-lg px-3 py-1.5 text-sm',
                  isHere ? 'bg-violet-50 font-semibold text-ink' : 'text-ink-soft',
                )}
              >
                <span>
                  {band.label}
                  {isHere && <span className="sr-only"> (your score)</span>}
                </span>
                <span className="tabular-nums">
                  {band.min} to {band.max}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="rounded-xl bg-surface px-4 py-3 text-[15px] leading-relaxed text-ink">
        {NOT_A_DIAGNOSIS}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/app/insights#scores-over-time" className={buttonClasses()}>
          See your scores over time
        </Link>
      </div>
      <p className="text-xs text-ink-muted">{measure.credit}</p>
    </section>
  );
}
