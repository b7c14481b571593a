import { TrendingUp, Trophy } from 'lucide-react';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { Skeleton } from '@/components/ui/skeleton';

import { getTodayPercent } from '../utils/points';

/** Every point earned so far, with today's share as a '+X% Today' badge. */
export function TotalPointsCard({
  totalPoints,
  todayPoints,
  isLoading,
}: {
  totalPoints: number;
  todayPoints: number;
  isLoading: boolean;
}) {
  const percent = getTodayPercent(todayPoints, totalPoints);
  return (
    <section
      aria-labelledby="total-points-title"
      className="relative overflow-hidden rounded-2xl bg-brand-button p-5 text-white shadow-lifted sm:p-6"
    >
      <div
        aria-hidden
        className="absolute -right-12 -bottom-20 size-48 rounded-full bg-brand-orange/45 blur-3xl"
      />
      <div
        aria-hidden
        className="absolute -top-16 -left-10 size-40 rounded-full bg-white/10 blur-2xl"
      />
      <div className="relative flex items-start justify-between gap-3">
        <h2
          id="total-points-title"
          className="flex items-center gap-2 text-sm font-semibold tracking-wide text-white uppercase"
        >
          <Trophy className="size-[18px]" aria-hidden />
          Total Points Earned
        </h2>
        {!isLoading && (
          <span
            className="inline-flex shrink-0 items-center gap-1 rounded-full bg-white px-2.5 py-1 text-xs font-bold whitespace-nowrap text-[#3f2f9e]"
            data-testid="today-badge"
          >
            <TrendingUp className="size-3.5" aria-hidden />+{percent}% Today
          </span>
        )}
      </div>
      {isLoading ? (
        <Skeleton className="relative mt-4 h-10 w-40 bg-white/30" />
      ) : (
        <p className="relative mt-3 text-4xl font-bold tracking-tight tabular-nums sm:text-5xl">
          <FormattedNumber value={totalPoints} />
          <span className="ml-2 text-base font-semibold text-white/90">points</span>
        </p>
      )}
      <p className="relative mt-2 text-sm text-white/90">
        {isLoading ? (
          '\u00a0'
        ) : todayPoints > 0 ? (
          <>
            <FormattedNumber value={todayPoints} /> of them earned today.
          </>
        ) : (
          'Nothing earned yet today: a small task is a good start.'
        )}
      </p>
    </section>
  );
}
