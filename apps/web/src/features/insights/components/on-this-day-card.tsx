import type { OnThisDayEntry } from '@wellspring/shared';
import { History } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { MoodBadge } from '@/components/ui/mood-badge';
import { dayViewPath } from '@/config/paths';
import { useOnThisDay } from '../api/get-on-this-day';
import { formatDayName } from '../utils/calendar';
import { cn } from '@/lib/cn';

function Entry({ entry }: { entry: OnThisDayEntry }) {
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-xl bg-surface p-4">
      <p className="text-sm font-semibold text-ink">
        {entry.label}{' '}
        <span className="font-normal text-ink-muted">· {formatDayName(entry.date)}</span>
      </p>
      {entry.mood && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
          <MoodBadge mood={entry.mood} />
          {entry.checkInCount > 1 && (
            <span>
              The mean of <FormattedNumber value={entry.checkInCount} /> check-ins
            </span>
          )}
        </p>
      )}
      {entry.feelings.length > 0 && (
        <p className="text-sm text-ink-soft">
          <span className="sr-only">Feelings: </span>
          {entry.feelings.join(', ')}
        </p>
      )}
      {entry.diary && (
        <blockquote className="border-l-2 border-brand-violet/40 pl-3 text-[15px] leading-relaxed break-words whitespace-pre-line text-ink">
          {entry.diary.excerpt}
          {entry.diary.isCut && '…'}
        </blockquote>
      )}
      <Link
        to={dayViewPath(entry.date)}
        className="self-start text-sm font-semibold text-brand-violet underline-offset-4 hover:underline"
      >
        See the day<span className="sr-only">: {formatDayName(entry.date)}</span>
      </Link>
    </li>
  );
}

/**
 * "On this day" (decision 076): what the person kept a month and a year ago, a Sad or Depressed
 * day only when they turned that on. Nothing shows when there is nothing to look back on, or the
 * read fails: the dashboard is not the place for an error about the past.
 */
export function OnThisDayCard({ className }: { className?: string }) {
  const titleId = useId();
  const onThisDay = useOnThisDay();
  const entries = onThisDay.data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-line bg-card p-5 shadow-card sm:p-6',
        className,
      )}
    >
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <History className="size-5 text-brand-violet" aria-hidden />
        On this day
      </h2>
      <ul className="flex flex-col gap-3">
        {entries.map((entry) => (
          <Entry key={entry.date} entry={entry} />
        ))}
      </ul>
    </section>
  );
}
