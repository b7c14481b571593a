import type { CheckIn, LocalDate } from '@wellspring/shared';
import { BookHeart, CheckCircle2 } from 'lucide-react';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { MoodBadge } from '@/components/ui/mood-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useDay } from '../api/get-day';
import { formatDayName } from '../utils/calendar';

/** When a check-in was taken, on the clock of the zone the person was in then. */
function formatCheckInTime(checkIn: CheckIn): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: checkIn.timeZone,
  }).format(new Date(checkIn.takenAt));
}

function DayContent({ date }: { date: LocalDate }) {
  const day = useDay(date);
  if (day.isPending) {
    return (
      <div className="mt-4 flex flex-col gap-3">
        <Skeleton className="h-7 w-24" />
        <Skeleton className="h-20" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (day.isError) {
    return (
      <p
        role="alert"
        className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        This day could not be loaded. Please try again later.
      </p>
    );
  }
  const { mood, diary, tasks, checkIns } = day.data;
  if (!mood && !diary && tasks.length === 0) {
    return (
      <p className="mt-4 text-sm text-ink-soft">
        Nothing was noted on this day, and that is fine: quiet days are part of every year.
      </p>
    );
  }
  return (
    <div className="mt-4 flex flex-col gap-5">
      <div>
        <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Mood</h4>
        <p className="mt-1.5 text-sm text-ink-soft">
          {mood ? <MoodBadge mood={mood} size="md" /> : 'No mood was set on this day.'}
        </p>
        {checkIns.length > 1 && (
          <>
            <p className="mt-1.5 text-sm text-ink-soft">The mean of {checkIns.length} check-ins:</p>
            <ul className="mt-1.5 flex flex-col gap-1.5">
              {checkIns.map((checkIn) => (
                <li key={checkIn.id} className="flex flex-wrap items-center gap-2 text-sm text-ink">
                  <span className="tabular-nums text-ink-soft">{formatCheckInTime(checkIn)}</span>
                  <MoodBadge mood={checkIn.mood} size="sm" />
                  {checkIn.feelings.length > 0 && (
                    <span className="text-ink-soft">{checkIn.feelings.join(', ')}</span>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div>
        <h4 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase">
          <BookHeart className="size-3.5" aria-hidden />
          Diary entry
        </h4>
        {diary ? (
          <p className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">
            {diary.content}
          </p>
        ) : (
          <p className="mt-1.5 text-sm text-ink-soft">No diary entry on this day.</p>
        )}
      </div>
      <div>
        <h4 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase">
          <CheckCircle2 className="size-3.5" aria-hidden />
          Completed tasks
        </h4>
        {tasks.length > 0 ? (
          <ul className="mt-1.5 flex flex-col divide-y divide-line">
            {tasks.map((task) => (
              <li key={task.id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 break-words text-ink">{task.title}</span>
                <span className="shrink-0 font-semibold text-brand-violet tabular-nums">
                  <FormattedNumber value={task.points} unit="points" />
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1.5 text-sm text-ink-soft">No tasks were completed on this day.</p>
        )}
      </div>
    </div>
  );
}

/**
 * The selected day: its mood, its diary entry (read-only) and the tasks completed on it, from
 * GET /insights/day. Beside the calendar on wide screens, below it on a phone.
 */
export function DayPanel({ date }: { date: LocalDate | null }) {
  return (
    <section
      aria-labelledby="day-panel-title"
      className="min-w-0 rounded-xl border border-line bg-surface/40 p-4"
    >
      <h3 id="day-panel-title" className="text-base font-semibold text-ink" aria-live="polite">
        {date ? formatDayName(date) : 'Selected day'}
      </h3>
      {date ? (
        <DayContent date={date} />
      ) : (
        <p className="mt-2 text-sm text-ink-soft">
          Choose a day in the calendar to see its mood, diary entry and tasks.
        </p>
      )}
    </section>
  );
}
