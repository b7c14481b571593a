import { GOAL_TARGET_DEFAULT, type Goal } from '@wellspring/shared';
import { Gift, Flag } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useDialog } from '@/components/ui/dialog';
import { useClaimReward } from '../api/claim-reward';
import { useCreateGoal } from '../api/create-goal';
import { GoalTargetSlider } from './goal-target-slider';
import { CLAIM_FAILED_MESSAGE } from './reward-button';
import { toast } from '@/components/ui/toast';

export const CREATE_GOAL_FAILED_MESSAGE = 'Something went wrong while trying to create a new goal';

export type GoalOverlayState = 'claim' | 'new-goal' | null;

/**
 * SPEC.md section 2, Goal overlay: 'Claim Your Reward' while a completed goal's background is
 * unclaimed; after the claim, or when it won nothing, 'Start A New Goal'. No goal at all also
 * asks for one. A goal in progress needs no overlay.
 */
export function getGoalOverlayState(goal: Goal | null | undefined): GoalOverlayState {
  if (goal === undefined) return null;
  if (goal === null) return 'new-goal';
  if (goal.status !== 'Completed') return null;
  if (!goal.hasClaimedReward && goal.backgroundRewardId !== null) return 'claim';
  return 'new-goal';
}

/** The overlay's card: what the goal needs next. Nothing while the goal is in progress. */
export function GoalOverlay({ goal }: { goal: Goal | null | undefined }) {
  // The claim lives here, not in its card: the claimed goal replaces the card at once, and the
  // prize must still be shown when the call answers.
  const claim = useClaimReward();
  const { open } = useDialog();
  const state = getGoalOverlayState(goal);
  if (state === null) return null;
  if (state === 'new-goal') return <NewGoalCard isFirst={goal === null} />;
  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: ({ background }) => open('goalPrize', { background }),
      onError: () => toast.error(CLAIM_FAILED_MESSAGE),
    });
  return <ClaimRewardCard onClaim={onClaim} isClaiming={claim.isPending} />;
}

function OverlayCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid="goal-overlay"
      className="relative z-10 flex w-full max-w-md animate-fade-up flex-col gap-4 rounded-2xl border border-white/60 bg-white/95 p-6 shadow-lifted backdrop-blur"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-button text-white shadow-button">
          {icon}
        </span>
        <h3 id={titleId} className="text-lg font-bold tracking-tight text-ink">
          {title}
        </h3>
      </div>
      {children}
    </section>
  );
}

function ClaimRewardCard({ onClaim, isClaiming }: { onClaim: () => void; isClaiming: boolean }) {
  return (
    <OverlayCard icon={<Gift className="size-5" aria-hidden />} title="Goal completed!">
      <p className="text-[15px] leading-relaxed text-ink-soft">
        You reached your goal. A new background is waiting for you: claim it, then set your next
        goal.
      </p>
      <Button size="lg" onClick={onClaim} isLoading={isClaiming} className="w-full">
        Claim Your Reward
      </Button>
    </OverlayCard>
  );
}

function NewGoalCard({ isFirst }: { isFirst: boolean }) {
  const [target, setTarget] = useState(GOAL_TARGET_DEFAULT);
  const createGoal = useCreateGoal();
  return (
    <OverlayCard icon={<Flag className="size-5" aria-hidden />} title="Start A New Goal">
      <p className="text-[15px] leading-relaxed text-ink-soft">
        {isFirst
          ? 'Choose how many wellness points you want to earn. There is no time limit.'
          : 'Well done! Choose your next target: there is no time limit, and harder goals win rarer backgrounds.'}
      </p>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          createGoal.mutate({ target }, { onError: () => toast.error(CREATE_GOAL_FAILED_MESSAGE) });
        }}
      >
        <GoalTargetSlider value={target} onChange={setTarget} label="Your new goal" />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={target === 0}
          isLoading={createGoal.isPending}
        >
          Set Goal
        </Button>
      </form>
    </OverlayCard>
  );
}
