import { GOAL_TARGET_DEFAULT, type Goal } from '@wellspring/shared';
import { Gift, Flag } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useNeedsNetwork } from '@/components/ui/needs-network';
import { useDialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useClaimReward } from '../api/claim-reward';
import { useCreateGoal } from '../api/create-goal';
import { GoalTargetSlider } from './goal-target-slider';
import { getGoalOverlayState } from '../utils/goal-overlay-state';
import { CLAIM_FAILED_MESSAGE } from './reward-button';
import { toast } from '@/components/ui/toast';

export const CREATE_GOAL_FAILED_MESSAGE = 'Something went wrong while trying to create a new goal';

/**
 * Where the card shows: over the Task page's content ('overlay'), or as a card of its own among
 * the dashboard's ('card'), where it takes the place of the ongoing tasks.
 */
export type GoalOverlayVariant = 'overlay' | 'card';

/** The overlay's card: what the goal needs next. Nothing while the goal is in progress. */
export function GoalOverlay({
  goal,
  variant = 'overlay',
  className,
}: {
  goal: Goal | null | undefined;
  variant?: GoalOverlayVariant;
  className?: string;
}) {
  // The claim lives here, not in its card: the claimed goal replaces the card at once, and the
  // prize must still be shown when the call answers.
  const claim = useClaimReward();
  const { open } = useDialog();
  const state = getGoalOverlayState(goal);
  if (state === null) return null;
  const frame = { variant, className };
  if (state === 'new-goal') return <NewGoalCard isFirst={goal === null} frame={frame} />;
  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: ({ background }) => open('goalPrize', { background }),
      onError: () => toast.error(CLAIM_FAILED_MESSAGE),
    });
  return <ClaimRewardCard onClaim={onClaim} isClaiming={claim.isPending} frame={frame} />;
}

interface Frame {
  variant: GoalOverlayVariant;
  className?: string | undefined;
}

function OverlayCard({
  icon,
  title,
  frame,
  children,
}: {
  icon: ReactNode;
  title: string;
  frame: Frame;
  children: ReactNode;
}) {
  const titleId = useId();
  const isCard = frame.variant === 'card';
  // On the dashboard the card sits among h2 cards; over the Task page, under its h2 columns.
  const Heading = isCard ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={titleId}
      data-testid={isCard ? 'goal-card' : 'goal-overlay'}
      className={cn(
        'flex flex-col gap-4 rounded-2xl',
        isCard
          ? 'bg-card p-5 shadow-card sm:p-6'
          : 'relative z-10 w-full max-w-md animate-fade-up border border-white/60 bg-card/95 p-6 shadow-lifted backdrop-blur',
        frame.className,
      )}
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-button text-white shadow-button">
          {icon}
        </span>
        <Heading id={titleId} className="text-lg font-bold tracking-tight text-ink">
          {title}
        </Heading>
      </div>
      {children}
    </section>
  );
}

function ClaimRewardCard({
  onClaim,
  isClaiming,
  frame,
}: {
  onClaim: () => void;
  isClaiming: boolean;
  frame: Frame;
}) {
  const network = useNeedsNetwork();
  return (
    <OverlayCard
      icon={<Gift className="size-5" aria-hidden />}
      title="Goal completed!"
      frame={frame}
    >
      <p className="text-[15px] leading-relaxed text-ink-soft">
        You reached your goal. A new background is waiting for you: claim it, then set your next
        goal.
      </p>
      <Button
        size="lg"
        onClick={onClaim}
        isLoading={isClaiming}
        disabled={network.isOffline}
        aria-describedby={network.describedBy}
        title={network.title}
        className="w-full"
      >
        Claim Your Reward
      </Button>
      {network.reason}
    </OverlayCard>
  );
}

function NewGoalCard({ isFirst, frame }: { isFirst: boolean; frame: Frame }) {
  const [target, setTarget] = useState(GOAL_TARGET_DEFAULT);
  const createGoal = useCreateGoal();
  const network = useNeedsNetwork();
  return (
    <OverlayCard
      icon={<Flag className="size-5" aria-hidden />}
      title="Start A New Goal"
      frame={frame}
    >
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
          disabled={target === 0 || network.isOffline}
          aria-describedby={network.describedBy}
          title={network.title}
          isLoading={createGoal.isPending}
        >
          Set Goal
        </Button>
        {network.reason}
      </form>
    </OverlayCard>
  );
}
