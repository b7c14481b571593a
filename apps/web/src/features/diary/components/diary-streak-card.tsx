import { Flame } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

/** The diary streak: consecutive days with an entry, ending today or yesterday. */
export function DiaryStreakCard({
  streak,
  className,
}: {
  streak: number | undefined;
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
            : 'Keep it going: one entry a day is all it takes.'}
        </p>
      </div>
    </section>
  );
}
