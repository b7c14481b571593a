import { TIER_LABELS, TIERS, type Goal } from '@wellspring/shared';
import { Award } from 'lucide-react';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { Skeleton } from '@/components/ui/skeleton';

/** What the goals so far add up to. */
export function summarizeGoals(goals: readonly Goal[]) {
  const completed = goals.filter((g) => g.status === 'Completed');
  return {
    completedCount: completed.length,
    rewardsClaimed: goals.filter((g) => g.hasClaimedReward).length,
    biggestTarget: completed.reduce((max, g) => Math.max(max, g.target), 0),
    byTier: TIERS.map((tier) => ({
      tier,
      count: completed.filter((g) => g.tier === tier).length,
    })),
  };
}

/** The Goal Results card of the statistics screen. */
export function GoalResultsCard({
  goals,
  isLoading,
}: {
  goals: readonly Goal[] | undefined;
  isLoading: boolean;
}) {
  const summary = summarizeGoals(goals ?? []);
  const figures = [
    { term: 'Goals completed', value: String(summary.completedCount) },
    { term: 'Rewards claimed', value: String(summary.rewardsClaimed) },
    {
      term: 'Biggest goal',
      value: summary.biggestTarget ? <FormattedNumber value={summary.biggestTarget} /> : '-',
    },
  ];
  return (
    <section
      aria-labelledby="goal-results-title"
      className="rounded-2xl border border-line bg-card p-4 shadow-card sm:p-6"
    >
      <h2
        id="goal-results-title"
        className="flex items-center gap-2 text-base font-semibold text-ink"
      >
        <Award className="size-[18px] text-brand-violet" aria-hidden />
        Goal Results
      </h2>
      {isLoading ? (
        <Skeleton className="mt-4 h-28" />
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-3 gap-3">
            {figures.map((figure) => (
              <div key={figure.term} className="rounded-xl bg-surface p-3">
                <dt className="text-xs leading-tight font-medium text-ink-muted">{figure.term}</dt>
                <dd className="mt-1 text-xl font-bold text-ink tabular-nums">{figure.value}</dd>
              </div>
            ))}
          </dl>
          <ul className="mt-4 flex flex-col gap-2" aria-label="Goals completed by difficulty">
            {summary.byTier.map(({ tier, count }) => (
              <li key={tier} className="flex items-center justify-between gap-3 text-sm">
                <span className="text-ink-soft">
                  {TIER_LABELS[tier].roman} · {TIER_LABELS[tier].name}
                </span>
                <span className="font-semibold text-ink tabular-nums">{count}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
