import { clampPage, getPageCount, type TaskStatus } from '@wellspring/shared';
import { CheckCircle2, CircleDashed } from 'lucide-react';
import { useId, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useDeletingTaskIds } from '../api/delete-task';
import { useTasks } from '../api/get-tasks';
import { STATUS_LABELS } from '../utils/task-filters';
import { TaskCard } from './task-card';
import { TaskPager } from './task-pager';

/** Tasks a board column shows at once. */
export const BOARD_PAGE_SIZE = 7;

const EMPTY_TEXT: Record<TaskStatus, string> = {
  OnGoing: 'No tasks on the go. Add one from Get Your Tasks.',
  Completed: 'Tasks you complete will gather here.',
};

/** One column of the board: the tasks of a status, newest first, a page at a time. */
export function TaskColumn({ status, className }: { status: TaskStatus; className?: string }) {
  const headingId = useId();
  const [requestedPage, setPage] = useState(1);
  const query = useTasks({ status, page: requestedPage, size: BOARD_PAGE_SIZE });
  const deletingIds = useDeletingTaskIds();
  const total = query.data?.totalTaskCount ?? 0;
  // A completed or deleted task can leave the last page empty: show the new last page instead.
  const page = query.data ? clampPage(requestedPage, total, BOARD_PAGE_SIZE) : requestedPage;
  if (page !== requestedPage && !query.isPlaceholderData) setPage(page);
  const Icon = status === 'Completed' ? CheckCircle2 : CircleDashed;

  return (
    <section
      aria-labelledby={headingId}
      data-status={status}
      // A card that leaves the column (completed, deleted) hands focus to the column's heading.
      data-return-focus={headingId}
      className={cn('flex min-w-0 flex-col gap-3 rounded-2xl bg-surface/70 p-3 sm:p-4', className)}
    >
      <div className="flex items-center justify-between gap-2 px-1">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-ink">
          <Icon
            className={cn(
              'size-[18px]',
              status === 'Completed' ? 'text-emerald-700' : 'text-brand-violet',
            )}
            aria-hidden
          />
          {STATUS_LABELS[status]}
        </h3>
        {query.data && (
          <span className="rounded-full bg-card px-2.5 py-0.5 text-xs font-bold text-ink-soft tabular-nums">
            <span className="sr-only">Total: </span>
            {total}
          </span>
        )}
      </div>
      {query.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-24 bg-card" />
          <Skeleton className="h-24 bg-card" />
        </div>
      ) : query.isError ? (
        <p className="rounded-xl bg-card p-4 text-sm text-ink-soft">
          Your tasks could not be loaded. Please try again later.
        </p>
      ) : query.data.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-card/70 p-5 text-center text-sm text-ink-muted">
          {EMPTY_TEXT[status]}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.data.map((task) => (
            <li key={task.id}>
              <TaskCard task={task} isDeleting={deletingIds.has(task.id)} />
            </li>
          ))}
        </ul>
      )}
      {query.data && getPageCount(total, BOARD_PAGE_SIZE) > 1 && (
        <TaskPager page={page} size={BOARD_PAGE_SIZE} total={total} onPageChange={setPage} />
      )}
    </section>
  );
}
