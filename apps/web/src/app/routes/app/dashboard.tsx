import { lazy, Suspense, type ReactNode } from 'react';
import { useDailyDialogs } from '@/features/dashboard/hooks/use-daily-dialogs';
import { WellnessPointsCard } from '@/features/dashboard/components/wellness-points-card';
import { SupportCard } from '@/features/dashboard/components/support-card';
import { WelcomeCard } from '@/features/dashboard/components/welcome-card';
import { DiaryCard } from '@/features/diary/components/diary-card';
import { useGoal } from '@/features/goal/api/get-goal';
import { GoalOverlay } from '@/features/goal/components/goal-overlay';
import { getGoalOverlayState } from '@/features/goal/utils/goal-overlay-state';
import { MoodCard } from '@/features/mood/components/mood-card';
import { OngoingTasksCard } from '@/features/task/components/ongoing-tasks-card';
import { minWidthQuery } from '@/config/breakpoints';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useUser } from '@/lib/auth';
import { useDailyDialogsLoaded } from '../../dialogs';

/** "On this day" is below the fold and often empty: it comes after the cards of today. */
const OnThisDayCard = lazy(() =>
  import('@/features/insights/components/on-this-day-card').then((m) => ({
    default: m.OnThisDayCard,
  })),
);

/** The cards below the greeting, in the order Tab and a screen reader meet them. */
type DashboardCard = 'tasks' | 'mood' | 'points' | 'diary';
/** Phones and tablets: one column, mood first. */
const ONE_COLUMN_ORDER: readonly DashboardCard[] = ['mood', 'tasks', 'points', 'diary'];
/** From lg: two rows of two, read left to right (tasks, mood), then the next row (diary, points). */
const TWO_COLUMN_ORDER: readonly DashboardCard[] = ['tasks', 'mood', 'diary', 'points'];

/**
 * The dashboard. Phone first, one column: greeting, mood, tasks, points, diary. From lg, a grid
 * of two rows under the greeting: tasks and mood, then diary and points. The cards are put in
 * the DOM in the order of the layout shown (not moved by CSS order), so Tab and a screen reader
 * follow the reading order at every width (decision 027); React moves them, it does not
 * remount them, when the width crosses lg. While the goal is Completed (or there is none), the
 * goal's next step takes the tasks' place: claim the reward, then start a new goal, right here.
 */
export function DashboardPage() {
  const { data: user } = useUser();
  const goalQuery = useGoal();
  const goal = goalQuery.data;
  const isTwoColumns = useMediaQuery(minWidthQuery('lg'));
  // Opened once their bodies are here: never a box holding a spinner.
  useDailyDialogs(useDailyDialogsLoaded() ? user : undefined);

  const wide = 'lg:col-span-7 lg:col-start-1';
  const narrow = 'lg:col-span-5 lg:col-start-8';
  const cards: Record<DashboardCard, ReactNode> = {
    // SPEC.md: the ongoing-tasks card is hidden while the goal is Completed.
    tasks:
      goalQuery.isSuccess && getGoalOverlayState(goal) !== null ? (
        <GoalOverlay key="tasks" goal={goal} variant="card" className={wide} />
      ) : (
        goal?.status !== 'Completed' && <OngoingTasksCard key="tasks" className={wide} />
      ),
    mood: <MoodCard key="mood" className={narrow} />,
    points: (
      <WellnessPointsCard
        key="points"
        goal={goal}
        isLoading={goalQuery.isPending}
        className={narrow}
      />
    ),
    diary: <DiaryCard key="diary" className={wide} />,
  };

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5 lg:gap-6">
      <h1 id="page-title" className="sr-only">
        Dashboard
      </h1>
      <WelcomeCard user={user} />
      {/* After a run of low moods only; a calm card under the greeting, blocking nothing. */}
      <SupportCard />
      <div
        className="flex flex-col gap-5 lg:grid lg:grid-cols-12 lg:gap-6"
        data-testid="dashboard-cards"
      >
        {(isTwoColumns ? TWO_COLUMN_ORDER : ONE_COLUMN_ORDER).map((card) => cards[card])}
      </div>
      {/* A month and a year ago (decision 076), under today's cards: only when there is one. */}
      <Suspense fallback={null}>
        <OnThisDayCard />
      </Suspense>
    </section>
  );
}
