import { useDailyDialogs } from '@/features/dashboard/hooks/use-daily-dialogs';
import { WellnessPointsCard } from '@/features/dashboard/components/wellness-points-card';
import { WelcomeCard } from '@/features/dashboard/components/welcome-card';
import { DiaryCard } from '@/features/diary/components/diary-card';
import { useGoal } from '@/features/goal/api/get-goal';
import { GoalOverlay, getGoalOverlayState } from '@/features/goal/components/goal-overlay';
import { MoodCard } from '@/features/mood/components/mood-card';
import { OngoingTasksCard } from '@/features/task/components/ongoing-tasks-card';
import { useUser } from '@/lib/auth';

/**
 * The dashboard. Phone first, one column: greeting, mood, tasks, points, diary. From lg, two
 * columns under the greeting: tasks and diary on the left, mood and points on the right (the
 * column wrappers are `contents` below lg, so the cards can take their phone order). While the
 * goal is Completed (or there is none), the goal's next step takes the tasks' place: claim the
 * reward, then start a new goal, right here.
 */
export function DashboardPage() {
  const { data: user } = useUser();
  const goalQuery = useGoal();
  const goal = goalQuery.data;
  useDailyDialogs(user);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5 lg:gap-6">
      <h1 id="page-title" className="sr-only">
        Dashboard
      </h1>
      <WelcomeCard user={user} />
      <div className="flex flex-col gap-5 lg:grid lg:grid-cols-12 lg:gap-6">
        <div className="contents lg:col-span-7 lg:flex lg:flex-col lg:gap-6">
          {/* SPEC.md: the ongoing-tasks card is hidden while the goal is Completed. */}
          {goalQuery.isSuccess && getGoalOverlayState(goal) !== null ? (
            <GoalOverlay goal={goal} variant="card" className="order-2 lg:order-none" />
          ) : (
            goal?.status !== 'Completed' && <OngoingTasksCard className="order-2 lg:order-none" />
          )}
          <DiaryCard className="order-5 lg:order-none lg:flex-1" />
        </div>
        <div className="contents lg:col-span-5 lg:flex lg:flex-col lg:gap-6">
          <MoodCard className="order-1 lg:order-none" />
          <WellnessPointsCard
            goal={goal}
            isLoading={goalQuery.isPending}
            className="order-3 lg:order-none"
          />
        </div>
      </div>
    </section>
  );
}
