import { MOOD_COLORS, type Task } from '@wellspring/shared';
import { ArrowRight, ListChecks } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useDialog } from '@/components/ui/dialog';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { Spinner } from '@/components/ui/spinner';
import type { Breakpoint } from '@/config/breakpoints';
import { paths } from '@/config/paths';
import { useBreakpoint } from '@/hooks/use-media-query';
import { useTasks } from '../api/get-tasks';

/** SPEC.md section 9: the dashboard shows the first 2 ongoing tasks. */
export const DASHBOARD_TASK_COUNT = 2;

/** 'View All': the board on xl, 2xl and 3xl screens, its onboarding variant below. */
export function getViewAllPath(breakpoint: Breakpoint): string {
  return breakpoint === 'xl' || breakpoint === '2xl' || breakpoint === '3xl'
    ? paths.app.task.board
    : paths.app.task.onboarding;
}

/** A task named by its title; its mood, points and status are the description. */
function OngoingTaskRow({ task }: { task: Task }) {
  const { open } = useDialog();
  const id = useId();
  const titleId = `${id}-title`;
  const factsId = `${id}-facts`;
  const statusId = `${id}-status`;
  return (
    <li>
      <button
        type="button"
        onClick={() => open('taskDetail', { task })}
        aria-labelledby={titleId}
        aria-describedby={`${factsId} ${statusId}`}
        className="flex w-full items-center gap-4 rounded-xl bg-surface px-4 py-3.5 text-left transition hover:bg-violet-100/70"
      >
        <span
          className="size-3.5 shrink-0 rounded-full"
          style={{ backgroundColor: MOOD_COLORS[task.mood] }}
          aria-hidden
        />
        <span className="min-w-0 flex-1">
          <span id={titleId} className="line-clamp-2 font-semibold text-ink">
            {task.title}
          </span>
          <span id={factsId} className="block text-sm text-ink-soft">
            {task.mood} <span aria-hidden="true">·</span>{' '}
            <FormattedNumber value={task.points} unit="points" />
          </span>
        </span>
        <span
          id={statusId}
          className="hidden shrink-0 rounded-full bg-card px-3 py-1 text-xs font-semibold text-brand-violet sm:inline"
        >
          On Going
        </span>
      </button>
    </li>
  );
}

/** The dashboard's ongoing tasks: the first two, or a prompt to get one. */
export function OngoingTasksCard({ className }: { className?: string }) {
  const titleId = useId();
  const { breakpoint } = useBreakpoint();
  const tasksQuery = useTasks({ status: 'OnGoing', page: 1, size: DASHBOARD_TASK_COUNT });
  const tasks = tasksQuery.data?.data ?? [];

  return (
    <section
      aria-labelledby={titleId}
      data-return-focus={titleId}
      className={`flex flex-col gap-4 rounded-2xl bg-card p-5 shadow-card sm:p-6 ${className ?? ''}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          Ongoing Tasks
        </h2>
        <Link
          to={getViewAllPath(breakpoint)}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-brand-violet hover:bg-surface"
        >
          View All
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {tasksQuery.isPending ? (
        <Spinner label="Loading your tasks" className="mx-auto my-6" />
      ) : tasks.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {tasks.slice(0, DASHBOARD_TASK_COUNT).map((task) => (
            <OngoingTaskRow key={task.id} task={task} />
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line px-4 py-6 text-center">
          <span className="flex size-11 items-center justify-center rounded-2xl bg-surface text-brand-violet">
            <ListChecks className="size-5" aria-hidden />
          </span>
          <p className="text-[15px] text-ink-soft">
            {tasksQuery.isError
              ? "Your tasks couldn't be loaded right now."
              : 'No ongoing tasks yet. Pick one that suits your mood.'}
          </p>
          <Link to={paths.app.task.root} className={buttonClasses({ size: 'sm' })}>
            Get Task
          </Link>
        </div>
      )}
    </section>
  );
}
