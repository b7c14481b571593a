import { Flame } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * The diary streak: days with an entry in the run ending today or yesterday, a missed day bridged
 * by a rest day, two a month (decision 072); says how many rest days this month used.
 */
export function DiaryStreakCard({
  streak,
  restDays = 0,
  className,
}: {
  streak: number | undefined;
  /** Rest days the run used this calendar month. */
  restDays?: number | undefined;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex items-center gap-4 rounded-2xl bg-card p-5 shadow-card sm:p-6',
        className,
      )}
    >
      <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-[#FDF0E3] text-[#C2410C]">
        <Flame className="size-7" aria-hidden />
      </span>
      <div className="min-w-0">
        <h2 id={titleId} className="text-sm font-medium text-ink-soft">
          Diary Streak
        </h2>
        <p className="text-2xl font-bold tracking-tight text-ink">
          {streak === undefined ? '…' : `${streak} ${streak === 1 ? 'day' : 'days'}`}
        </p>
        <p className="text-sm text-ink-muted">
          {!streak
            ? 'Write today to start a new streak.'
            : restDays > 0
              ? `${restDays} rest ${restDays === 1 ? 'day' : 'days'} used this month: a missed day does not end it.`
              : 'Keep it going: one entry a day is all it takes.'}
        </p>
      </div>
    </section>
  );
}
