import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useGoal } from '@/features/goal/api/get-goal';
import { GoalProgressCard } from '@/features/goal/components/goal-progress-card';
import { getGoalOverlayState } from '@/features/goal/utils/goal-overlay-state';
import { GetTasksPanel, type GoalGate } from '@/features/task/components/get-tasks-panel';
import { TaskStatusTabs } from '@/features/task/components/task-status-tabs';
import { TaskViewSwitch, type TaskView } from '@/features/task/components/task-view-switch';
import { useBreakpoint } from '@/hooks/use-media-query';
import { useUser } from '@/lib/auth';

/** The goal's next step (claim, or a new goal) shows only between goals: it loads when needed. */
const GoalOverlay = lazy(() =>
  import('@/features/goal/components/goal-overlay').then((m) => ({ default: m.GoalOverlay })),
);

function getGoalGate(goal: ReturnType<typeof useGoal>): GoalGate {
  if (goal.isPending) return 'loading';
  if (goal.isError) return 'error';
  if (!goal.data) return 'none';
  return goal.data.status === 'Completed' ? 'completed' : 'in-progress';
}

/** /app/task: 'Get Your Tasks' on the left, 'Your Tasks' (board or list) on the right. */
export function TaskLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isWide } = useBreakpoint();
  const { data: user } = useUser();
  const goal = useGoal();
  const goalGate = getGoalGate(goal);
  const hasOverlay = goal.isSuccess && getGoalOverlayState(goal.data) !== null;

  const view: TaskView = pathname.startsWith(paths.app.task.list) ? 'List' : 'Board';
  const onViewChange = (next: TaskView) =>
    void navigate(`${paths.app.task.root}/${next.toLowerCase()}`);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Task</h1>
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)] 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1.9fr)]">
        <section
          aria-labelledby="get-tasks-title"
          className="flex flex-col gap-5 rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
        >
          <div>
            <h2 id="get-tasks-title" className="text-lg font-semibold text-ink">
              Get Your Tasks
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              {user && user.mood !== 'Unknown'
                ? `Picked for how you feel today: ${user.mood}.`
                : 'Small steps that fit your day.'}
            </p>
          </div>
          <GetTasksPanel
            mood={user?.mood}
            goalGate={goalGate}
            overlay={
              hasOverlay ? (
                <Suspense fallback={null}>
                  <GoalOverlay goal={goal.data} />
                </Suspense>
              ) : undefined
            }
          />
          <GoalProgressCard
            goal={goal.data}
            isLoading={goal.isPending}
            canChangeTarget
            className="shadow-none"
          />
        </section>
        <section
          aria-labelledby="your-tasks-title"
          data-return-focus="your-tasks-title"
          className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="your-tasks-title" className="text-lg font-semibold text-ink">
              Your Tasks
            </h2>
            <TaskViewSwitch value={view} onChange={onViewChange} isListAvailable={isWide} />
          </div>
          {!isWide && (
            <TaskStatusTabs
              ongoingTo={paths.app.task.ongoing}
              completedTo={paths.app.task.completed}
              isOngoingActive={pathname !== paths.app.task.completed}
              isCompletedActive={pathname === paths.app.task.completed}
            />
          )}
          <Outlet />
        </section>
      </div>
    </div>
  );
}
