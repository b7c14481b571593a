import type { Task } from '@wellspring/shared';
import { CalendarCheck, CalendarPlus } from 'lucide-react';
import { useId } from 'react';
import { useDialog } from '@/components/ui/dialog';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { cn } from '@/lib/cn';
import { formatCompletedDate, formatLongDate } from '@/lib/format';
import { MoodDot } from './mood-dot';

/**
 * A task on the board: opens taskDetail. It is named by its title alone, so a screen reader
 * starts with what the task is; the mood, points and date are its description.
 */
export function TaskCard({ task, isDeleting = false }: { task: Task; isDeleting?: boolean }) {
  const { open } = useDialog();
  const id = useId();
  const titleId = `${id}-title`;
  const factsId = `${id}-facts`;
  const dateId = `${id}-date`;
  const isCompleted = task.status === 'Completed';
  return (
    <button
      type="button"
      onClick={() => open('taskDetail', { task })}
      aria-labelledby={titleId}
      aria-describedby={`${factsId} ${dateId}`}
      aria-busy={isDeleting || undefined}
      data-deleting={isDeleting || undefined}
      className={cn(
        'group flex w-full flex-col gap-2.5 rounded-xl border border-line bg-card p-4 text-left shadow-xs transition hover:-translate-y-0.5 hover:border-brand-violet/40 hover:shadow-card motion-reduce:hover:translate-y-0',
        isDeleting && 'pointer-events-none opacity-40',
      )}
    >
      <span id={factsId} className="flex items-center justify-between gap-3">
        <MoodDot mood={task.mood} showLabel />{' '}
        <FormattedNumber
          value={task.points}
          unit="pts"
          className="text-sm font-bold text-brand-violet tabular-nums"
        />
      </span>
      <span id={titleId} className="font-semibold text-ink group-hover:text-brand-violet">
        {task.title}
      </span>
      <span id={dateId} className="flex items-center gap-1.5 text-xs text-ink-muted">
        {isCompleted && task.completedAt ? (
          <>
            <CalendarCheck className="size-3.5" aria-hidden />
            <span>Completed {formatCompletedDate(task.completedAt)}</span>
          </>
        ) : (
          <>
            <CalendarPlus className="size-3.5" aria-hidden />
            <span>Added {formatLongDate(task.createdAt)}</span>
          </>
        )}
      </span>
    </button>
  );
}
