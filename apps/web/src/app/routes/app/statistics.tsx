import { CheckCircle2, Percent } from 'lucide-react';
import { useState } from 'react';
import { useGoal } from '@/features/goal/api/get-goal';
import { useGoals } from '@/features/goal/api/get-goals';
import { GoalHistoryList } from '@/features/goal/components/goal-history-list';
import { GoalProgressCard } from '@/features/goal/components/goal-progress-card';
import { GoalResultsCard } from '@/features/goal/components/goal-results-card';
import { useDailyPoints } from '@/features/statistics/api/get-daily-points';
import { useHistorySummary } from '@/features/statistics/api/get-history-summary';
import { StatTile } from '@/features/statistics/components/stat-tile';
import { TotalPointsCard } from '@/features/statistics/components/total-points-card';
import { WeeklyChart } from '@/features/statistics/components/weekly-chart';
import { getPointsOn, getTotalPoints } from '@/features/statistics/utils/points';
import { getCurrentWeek } from '@/features/statistics/utils/week';

/** /app/statistics: points, the current goal, completion, the week and every goal so far. */
export function StatisticsPage() {
  // The week is fixed when the page opens, so its query key stays put while it is open.
  const [week] = useState(() => getCurrentWeek());
  const goal = useGoal();
  const goals = useGoals();
  const summary = useHistorySummary();
  const days = useDailyPoints(week);

  const hasFailed = [goal, goals, summary, days].some((query) => query.isError);
  const totalPoints = getTotalPoints(goals.data ?? []);
  const todayPoints = getPointsOn(days.data ?? [], week.today);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Statistics</h1>
      {hasFailed && (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          Some of your statistics could not be loaded. Please try again later.
        </p>
      )}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1.7fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <div className="grid gap-6 lg:grid-cols-2">
            <TotalPointsCard
              totalPoints={totalPoints}
              todayPoints={todayPoints}
              isLoading={goals.isPending || days.isPending}
            />
            <GoalProgressCard goal={goal.data} isLoading={goal.isPending} headingLevel="h2" />
          </div>
          <div className="grid grid-cols-2 gap-4 sm:gap-6">
            <StatTile
              title="Task Completed"
              value={String(summary.data?.taskCompleted ?? 0)}
              hint="Toward your current goal"
              Icon={CheckCircle2}
              isLoading={summary.isPending}
            />
            <StatTile
              title="Completion Rate"
              value={`${summary.data?.completionPercent ?? 0}%`}
              hint="Of your current goal's target"
              Icon={Percent}
              isLoading={summary.isPending}
            />
          </div>
          <WeeklyChart
            rows={days.data}
            days={week.days}
            today={week.today}
            isLoading={days.isPending}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <GoalResultsCard goals={goals.data} isLoading={goals.isPending} />
          <GoalHistoryList goals={goals.data} isLoading={goals.isPending} />
        </div>
      </div>
    </div>
  );
}
