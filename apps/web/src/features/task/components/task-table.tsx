import type { Task } from '@wellspring/shared';
import { Trash2 } from 'lucide-react';
import { useDialog } from '@/components/ui/dialog';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { cn } from '@/lib/cn';
import { formatCompletedDate } from '@/lib/format';
import { useDeleteTask, useDeletingTaskIds } from '../api/delete-task';
import { MoodDot } from './mood-dot';
import { StatusPill } from './status-pill';

const headClasses =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase';

/** The list's table: Name, Date Completed, Points, Status and the delete icon. */
export function TaskTable({ tasks }: { tasks: Task[] }) {
  const { open } = useDialog();
  const deleteTask = useDeleteTask();
  const deletingIds = useDeletingTaskIds();

  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full min-w-[640px] border-collapse text-sm">
        <caption className="sr-only">Your tasks, newest first</caption>
        <thead className="bg-surface/70">
          <tr>
            <th scope="col" className={headClasses}>
              Name
            </th>
            <th scope="col" className={headClasses}>
              Date Completed
            </th>
            <th scope="col" className={cn(headClasses, 'text-right')}>
              Points
            </th>
            <th scope="col" className={headClasses}>
              Status
            </th>
            <th scope="col" className={cn(headClasses, 'w-14')}>
              <span className="sr-only">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => {
            const isDeleting = deletingIds.has(task.id);
            const openDetail = () => open('taskDetail', { task });
            return (
              <tr
                key={task.id}
                onClick={openDetail}
                aria-busy={isDeleting || undefined}
                data-deleting={isDeleting || undefined}
                className={cn(
                  'cursor-pointer border-t border-line transition hover:bg-surface/60',
                  isDeleting && 'pointer-events-none opacity-40',
                )}
              >
                <td className="px-4 py-3">
                  <span className="flex items-center gap-3">
                    <MoodDot mood={task.mood} />
                    <button
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        openDetail();
                      }}
                      className="text-left font-semibold text-ink hover:text-brand-violet"
                    >
                      {task.title}
                    </button>
                  </span>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-ink-soft">
                  {task.status === 'Completed' && task.completedAt ? (
                    formatCompletedDate(task.completedAt)
                  ) : (
                    <>
                      <span aria-hidden>-</span>
                      <span className="sr-only">Not completed</span>
                    </>
                  )}
                </td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-ink tabular-nums">
                  <FormattedNumber value={task.points} />
                </td>
                <td className="px-4 py-3">
                  <StatusPill status={task.status} />
                </td>
                <td className="px-2 py-2 text-center">
                  {task.status === 'OnGoing' && (
                    <button
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        // The second click of a double click: the first has deleted this task,
                        // and the row under the pointer may be the next one by now.
                        if (event.detail > 1) return;
                        deleteTask.mutate(task);
                      }}
                      disabled={isDeleting}
                      aria-label={`Delete ${task.title}`}
                      className="inline-flex size-9 items-center justify-center rounded-lg text-ink-muted transition hover:bg-red-50 hover:text-red-700"
                    >
                      <Trash2 className="size-[18px]" aria-hidden />
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
