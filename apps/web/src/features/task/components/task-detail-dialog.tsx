import type { ReactNode } from 'react';
import { CalendarCheck, CalendarPlus, CheckCircle2, Sparkles, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useNeedsNetwork } from '@/components/ui/needs-network';
import {
  DialogBody,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useDialog,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { MoodBadge } from '@/components/ui/mood-badge';
import { toast } from '@/components/ui/toast';
import { formatCompletedDate, formatLongDate } from '@/lib/format';
import { useCompleteTask } from '../api/complete-task';
import { useDeleteTask, useDeletingTaskIds } from '../api/delete-task';
import { doesTaskCompleteGoal, getGoalBeforeTask } from '../utils/task-outcome';
import { StatusPill } from './status-pill';

export const COMPLETE_TASK_FAILURE_MESSAGE =
  'Oops, something went wrong while trying to complete the task';

/** taskDetail: one task; Complete and Discard for an OnGoing task only (SPEC.md section 2). */
export function TaskDetailDialog({ contextData, close }: DialogBodyProps<'taskDetail'>) {
  const { task } = contextData;
  const { open } = useDialog();
  const completeTask = useCompleteTask();
  const deleteTask = useDeleteTask();
  const isDeleting = useDeletingTaskIds().has(task.id);
  const isOnGoing = task.status === 'OnGoing';
  const isBusy = completeTask.isPending || isDeleting;
  // Offline, completing or discarding cannot wait for the network: disabled, with the reason.
  const network = useNeedsNetwork();

  const onComplete = () =>
    completeTask.mutate(task.id, {
      onSuccess: (newGoal) => {
        const oldGoal = getGoalBeforeTask(newGoal, task);
        if (doesTaskCompleteGoal(oldGoal, task)) open('goalCompleted', { goal: newGoal });
        else open('taskComplete', { oldGoal, newGoal });
      },
      onError: () => toast.error(COMPLETE_TASK_FAILURE_MESSAGE),
    });

  return (
    <>
      <DialogHeader>
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <MoodBadge mood={task.mood} />
          <StatusPill status={task.status} />
        </div>
        <DialogTitle>{task.title}</DialogTitle>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <p className="text-[15px] leading-relaxed text-ink-soft">{task.description}</p>
        <dl className="grid gap-3 rounded-2xl bg-surface p-4 text-sm sm:grid-cols-2">
          <TaskFact icon={<Sparkles className="size-4" aria-hidden />} term="Points">
            <FormattedNumber value={task.points} />
          </TaskFact>
          <TaskFact icon={<CalendarPlus className="size-4" aria-hidden />} term="Added">
            {formatLongDate(task.createdAt)}
          </TaskFact>
          {task.status === 'Completed' && task.completedAt && (
            <TaskFact
              icon={<CalendarCheck className="size-4" aria-hidden />}
              term="Completed"
              className="sm:col-span-2"
            >
              {formatCompletedDate(task.completedAt)}
            </TaskFact>
          )}
        </dl>
        {isOnGoing && network.reason}
      </DialogBody>
      <DialogFooter justify={isOnGoing ? 'between' : 'end'}>
        {isOnGoing ? (
          <>
            <Button
              variant="danger"
              onClick={(event) => {
                // A double click discards once.
                if (event.detail > 1) return;
                deleteTask.mutate(task, { onSuccess: close });
              }}
              disabled={completeTask.isPending || network.isOffline}
              aria-describedby={network.describedBy}
              title={network.title}
              isLoading={isDeleting}
            >
              {!isDeleting && <Trash2 className="size-4" aria-hidden />}
              Discard
            </Button>
            <Button
              onClick={onComplete}
              disabled={isDeleting || network.isOffline}
              aria-describedby={network.describedBy}
              title={network.title}
              isLoading={completeTask.isPending}
            >
              {!completeTask.isPending && <CheckCircle2 className="size-4" aria-hidden />}
              Complete
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={close} disabled={isBusy}>
            Close
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

function TaskFact({
  icon,
  term,
  children,
  className,
}: {
  icon: ReactNode;
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {icon}
        {term}
      </dt>
      <dd className="mt-1 font-semibold text-ink">{children}</dd>
    </div>
  );
}
