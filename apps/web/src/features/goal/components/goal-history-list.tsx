import { TIER_LABELS, type Goal } from '@wellspring/shared';
import { History } from 'lucide-react';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Skeleton } from '@/components/ui/skeleton';
import { formatLongDate, formatSpokenNumber } from '@/lib/format';
import { getGoalPercent } from './goal-progress-card';
import { GoalStatusPill } from './goal-status';

/** The goals for display, newest first (the API answers them oldest first). */
export function sortGoalsNewestFirst(goals: readonly Goal[]): Goal[] {
  return [...goals].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id),
  );
}

/** Every goal, newest first: target, tier, status, progress and dates. */
export function GoalHistoryList({
  goals,
  isLoading,
}: {
  goals: readonly Goal[] | undefined;
  isLoading: boolean;
}) {
  return (
    <section
      aria-labelledby="goal-history-title"
      className="rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
    >
      <h2
        id="goal-history-title"
        className="flex items-center gap-2 text-base font-semibold text-ink"
      >
        <History className="size-[18px] text-brand-violet" aria-hidden />
        History
      </h2>
      {isLoading ? (
        <div className="mt-4 flex flex-col gap-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : !goals || goals.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">Your goals will be listed here.</p>
      ) : (
        <ScrollArea
          className="-mx-1 mt-4 max-h-[28rem] px-1"
          tabIndex={0}
          aria-label="Goal history"
        >
          <ol className="flex flex-col gap-3" data-testid="goal-history">
            {sortGoalsNewestFirst(goals).map((goal) => {
              const percent = getGoalPercent(goal);
              const tier = TIER_LABELS[goal.tier];
              return (
                <li key={goal.id} className="rounded-xl border border-line p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-ink">
                      <FormattedNumber value={goal.target} unit="points" className="tabular-nums" />
                      <span className="ml-2 text-xs font-medium text-ink-muted">
                        {tier.roman} · {tier.name}
                      </span>
                    </p>
                    <GoalStatusPill status={goal.status} />
                  </div>
                  <div className="mt-3 flex items-center gap-3">
                    <ProgressBar
                      value={percent}
                      size="sm"
                      label={`Goal of ${formatSpokenNumber(goal.target)} points`}
                      valueText={`${percent}%`}
                    />
                    <span className="w-11 shrink-0 text-right text-sm font-semibold text-ink tabular-nums">
                      {percent}%
                    </span>
                  </div>
                  <p className="mt-2 text-xs text-ink-muted">
                    <FormattedNumber value={goal.earned} /> earned · {goal.taskCompleted}{' '}
                    {goal.taskCompleted === 1 ? 'task' : 'tasks'} · started{' '}
                    {formatLongDate(goal.createdAt)}
                    {goal.completedAt && ` · completed ${formatLongDate(goal.completedAt)}`}
                  </p>
                </li>
              );
            })}
          </ol>
        </ScrollArea>
      )}
    </section>
  );
}
