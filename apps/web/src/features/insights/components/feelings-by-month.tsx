import { addMonths, EARLIEST_MONTH, monthOf, type LocalDate } from '@wellspring/shared';
import { ChevronLeft, ChevronRight, MessageCircleHeart } from 'lucide-react';
import { useState } from 'react';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { Skeleton } from '@/components/ui/skeleton';
import { useFeelings } from '../api/get-feelings';
import { MONTH_NAMES } from '../utils/calendar';

/** 'March 2026'. */
function formatMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${year}`;
}

function Count({ value, one, many }: { value: number; one: string; many: string }) {
  return (
    <>
      <FormattedNumber value={value} /> {value === 1 ? one : many}
    </>
  );
}

/**
 * The feeling words of a month (decision 076): each word named, on how many check-ins and days,
 * and the words that went together with a better or worse day, as the server words them.
 */
export function FeelingsByMonth({ today }: { today: LocalDate }) {
  const current = monthOf(today);
  const [month, setMonth] = useState(current);
  const feelings = useFeelings(month);
  const isFirst = month <= EARLIEST_MONTH;
  const isLast = month >= current;
  const shift = (by: number) => {
    if ((by < 0 && isFirst) || (by > 0 && isLast)) return;
    setMonth(addMonths(month, by));
  };
  const data = feelings.data;

  return (
    <section
      aria-labelledby="feelings-title"
      className="rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
    >
      <h2 id="feelings-title" className="flex items-center gap-2 text-base font-semibold text-ink">
        <MessageCircleHeart className="size-[18px] text-brand-violet" aria-hidden />
        Feelings by month
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <button
          type="button"
          aria-label="Previous month"
          aria-disabled={isFirst || undefined}
          onClick={() => shift(-1)}
          className="grid size-10 place-items-center rounded-xl border border-line text-ink hover:bg-surface aria-disabled:opacity-40"
        >
          <ChevronLeft className="size-5" aria-hidden />
        </button>
        <p aria-live="polite" className="text-lg font-semibold text-ink tabular-nums">
          {formatMonth(month)}
        </p>
        <button
          type="button"
          aria-label="Next month"
          aria-disabled={isLast || undefined}
          onClick={() => shift(1)}
          className="grid size-10 place-items-center rounded-xl border border-line text-ink hover:bg-surface aria-disabled:opacity-40"
        >
          <ChevronRight className="size-5" aria-hidden />
        </button>
      </div>
      {feelings.isError ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          Your feelings could not be loaded. Please try again later.
        </p>
      ) : !data ? (
        <Skeleton className="mt-4 h-24" />
      ) : (
        <>
          {data.words.length === 0 ? (
            <p className="mt-4 rounded-xl bg-surface px-4 py-3 text-sm text-ink-soft">
              No feeling words in {formatMonth(data.month)}. Add a few to a check-in and they will
              be counted here.
            </p>
          ) : (
            <ul
              aria-label={`Feeling words of ${formatMonth(data.month)}`}
              className="mt-4 flex flex-wrap gap-2"
            >
              {data.words.map((use) => (
                <li
                  key={use.word}
                  className="rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink"
                >
                  <span className="font-semibold">{use.word}</span>{' '}
                  <span className="text-ink-muted">
                    <Count value={use.checkIns} one="check-in" many="check-ins" />, on{' '}
                    <Count value={use.days} one="day" many="days" />
                  </span>
                </li>
              ))}
            </ul>
          )}
          {data.findings.length > 0 && (
            <ul className="mt-4 grid gap-3 md:grid-cols-2">
              {data.findings.map((finding) => (
                <li key={finding.word} className="rounded-xl border border-line bg-surface/40 p-4">
                  <p className="text-sm font-medium text-ink">{finding.text}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
