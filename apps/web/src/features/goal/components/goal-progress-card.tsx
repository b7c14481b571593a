import { getCompletionPercent, type Goal } from '@wellspring/shared';
import { Pencil, Target } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useNeedsNetwork } from '@/components/ui/needs-network';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatSpokenNumber } from '@/lib/format';
import { useUpdateGoal } from '../api/update-goal';
import { GoalStatusPill } from './goal-status';
import { getTierText, GoalTargetSlider } from './goal-target-slider';

/** The percent shown for a goal: SPEC.md's earned*100/target, 0 where it is undefined. */
export function getGoalPercent(goal: Pick<Goal, 'earned' | 'target'>): number {
  return getCompletionPercent(goal.earned, goal.target) ?? 0;
}

/**
 * The goal's progress: earned of target, percent, status and tier. While the goal is in
 * progress its target can be changed (optimistically, SPEC.md section 4).
 */
export function GoalProgressCard({
  goal,
  isLoading = false,
  headingLevel = 'h3',
  canChangeTarget = false,
  className,
}: {
  goal: Goal | null | undefined;
  isLoading?: boolean;
  headingLevel?: 'h2' | 'h3';
  canChangeTarget?: boolean;
  className?: string;
}) {
  const Heading = headingLevel;
  const headingId = useId();
  const [isEditing, setIsEditing] = useState(false);

  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-2xl border border-line bg-card p-5 shadow-card', className)}
    >
      <div className="flex items-center justify-between gap-3">
        <Heading
          id={headingId}
          className="flex items-center gap-2 text-base font-semibold text-ink"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-surface text-brand-violet">
            <Target className="size-[18px]" aria-hidden />
          </span>
          Goal Progress
        </Heading>
        {goal && <GoalStatusPill status={goal.status} />}
      </div>
      {isLoading ? (
        <div className="mt-4 flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-3 w-full" />
        </div>
      ) : !goal ? (
        <p className="mt-4 text-[15px] text-ink-soft">
          You have no goal yet. Set one to start earning wellness points.
        </p>
      ) : isEditing ? (
        <ChangeTargetForm goal={goal} onDone={() => setIsEditing(false)} />
      ) : (
        <GoalFigures
          goal={goal}
          onChangeTarget={
            canChangeTarget && goal.status === 'OnProgress' ? () => setIsEditing(true) : undefined
          }
        />
      )}
    </section>
  );
}

function GoalFigures({ goal, onChangeTarget }: { goal: Goal; onChangeTarget?: () => void }) {
  const percent = getGoalPercent(goal);
  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <p className="text-ink">
          <span className="text-2xl font-bold tracking-tight tabular-nums">
            <FormattedNumber value={goal.earned} />
          </span>
          <span className="text-sm font-medium text-ink-muted">
            {' '}
            <span aria-hidden="true">/</span>
            <span className="sr-only">of</span>{' '}
            <FormattedNumber value={goal.target} unit="points" />
          </span>
        </p>
        <p className="text-lg font-bold text-brand-violet tabular-nums">{percent}%</p>
      </div>
      <ProgressBar
        value={percent}
        label="Goal progress"
        valueText={`${percent}%: ${formatSpokenNumber(goal.earned)} of ${formatSpokenNumber(goal.target)} points`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink-muted">
        <span>{getTierText(goal.target)}</span>
        {onChangeTarget && (
          <Button variant="ghost" size="sm" className="-mr-2" onClick={onChangeTarget}>
            <Pencil className="size-4" aria-hidden />
            Change target
          </Button>
        )}
      </div>
    </div>
  );
}

function ChangeTargetForm({ goal, onDone }: { goal: Goal; onDone: () => void }) {
  const [target, setTarget] = useState(goal.target);
  const updateGoal = useUpdateGoal();
  // Offline, a goal change cannot wait for the network (decision 042).
  const network = useNeedsNetwork();
  return (
    <form
      className="mt-4 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        // Optimistic: the card shows the new target at once; an error quietly puts it back.
        if (network.isOffline) return;
        if (target !== goal.target) updateGoal.mutate({ target });
        onDone();
      }}
    >
      <GoalTargetSlider value={target} onChange={setTarget} label="New target" />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          size="sm"
          disabled={target === 0 || network.isOffline}
          aria-describedby={network.describedBy}
          title={network.title}
        >
          Save target
        </Button>
      </div>
      {network.reason}
    </form>
  );
}
