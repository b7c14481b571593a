import type { Activity, CheckIn, LocalDate } from '@wellspring/shared';
import { BookHeart, CheckCircle2, PenLine, SmilePlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDialog } from '@/components/ui/dialog';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { MoodBadge } from '@/components/ui/mood-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useActivities } from '@/lib/activities';
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

/** The mark of an entry written later for a missed day (decision 073). */
export const ADDED_LATER = 'Added later';

function CheckInItem({ checkIn, activities }: { checkIn: CheckIn; activities: Activity[] }) {
  const named = checkIn.activityIds.flatMap((id) => activities.filter((a) => a.id === id));
  return (
    <li className="flex flex-col gap-1 text-sm text-ink">
      <span className="flex flex-wrap items-center gap-2">
        {/* A back-filled check-in's moment is when it was written, not a time of its day. */}
        {!checkIn.isBackfilled && (
          <span className="text-ink-soft tabular-nums">{formatCheckInTime(checkIn)}</span>
        )}
        <MoodBadge mood={checkIn.mood} size="sm" />
        {checkIn.isBackfilled && <span className="text-xs text-ink-muted">{ADDED_LATER}</span>}
      </span>
      {checkIn.feelings.length > 0 && (
        <span className="text-ink-soft">
          <span className="sr-only">Feelings: </span>
          {checkIn.feelings.join(', ')}
        </span>
      )}
      {named.length > 0 && (
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-ink-soft">
          <span className="sr-only">Activities: </span>
          {/* Names only: the icons' set stays with the picker, off this page's path. */}
          {named.map((activity) => (
            <span key={activity.id}>{activity.name}</span>
          ))}
        </span>
      )}
      {checkIn.note && (
        <span className="break-words whitespace-pre-wrap text-ink">{checkIn.note}</span>
      )}
    </li>
  );
}

/** A missed past day's ways to fill it in: a check-in, and the diary when it has none. */
function BackfillButtons({ date, hasDiary }: { date: LocalDate; hasDiary: boolean }) {
  const { open } = useDialog();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <Button variant="secondary" size="sm" onClick={() => open('checkIn', { date })}>
        <SmilePlus className="size-4" aria-hidden />
        Add a check-in for this day
      </Button>
      {!hasDiary && (
        <Button variant="secondary" size="sm" onClick={() => open('diaryCreation', { date })}>
          <PenLine className="size-4" aria-hidden />
          Write the diary for this day
        </Button>
      )}
    </div>
  );
}

function DayContent({ date }: { date: LocalDate }) {
  const day = useDay(date);
  const activities = useActivities().data ?? [];
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
  const { mood, diary, tasks, checkIns, canBackfill } = day.data;
  if (!mood && !diary && tasks.length === 0) {
    return (
      <div className="mt-4 flex flex-col gap-3">
        <p className="text-sm text-ink-soft">
          Nothing was noted on this day, and that is fine: quiet days are part of every year.
        </p>
        {canBackfill && (
          <>
            <p className="text-sm text-ink-soft">
              If you remember it, you can add it now. Entries added later earn no points.
            </p>
            <BackfillButtons date={date} hasDiary={false} />
          </>
        )}
      </div>
    );
  }
  return (
    <div className="mt-4 flex flex-col gap-5">
      {canBackfill && <BackfillButtons date={date} hasDiary={diary !== null} />}
      <div>
        <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Mood</h4>
        <p className="mt-1.5 text-sm text-ink-soft">
          {mood ? <MoodBadge mood={mood} size="md" /> : 'No mood was set on this day.'}
        </p>
        {checkIns.length > 0 && (
          <>
            {checkIns.length > 1 && (
              <p className="mt-1.5 text-sm text-ink-soft">
                The mean of {checkIns.length} check-ins:
              </p>
            )}
            <ul className="mt-2 flex flex-col gap-3">
              {checkIns.map((checkIn) => (
                <CheckInItem key={checkIn.id} checkIn={checkIn} activities={activities} />
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
          <>
            <p className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">
              {diary.content}
            </p>
            {diary.isBackfilled && <p className="mt-1 text-xs text-ink-muted">{ADDED_LATER}</p>}
          </>
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
