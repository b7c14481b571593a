import { PartyPopper } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { useNeedsNetwork } from '@/components/ui/needs-network';
import {
  DialogBody,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useDialog,
  type DialogBodyProps,
} from '@/components/ui/dialog';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { toast } from '@/components/ui/toast';
import { usePrefersReducedMotion } from '@/hooks/use-media-query';

import { useClaimReward } from '../api/claim-reward';
import { useGoal } from '../api/get-goal';
import { launchConfetti } from '../utils/confetti';
import { getGoalOverlayState } from '../utils/goal-overlay-state';
import { CLAIM_FAILED_MESSAGE } from './reward-button';

/** A canvas over the whole page for the celebration; decorative and click-through. */
function ConfettiCanvas() {
  const ref = useRef<HTMLCanvasElement>(null);
  const prefersReducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    if (prefersReducedMotion || !ref.current) return;
    return launchConfetti(ref.current);
  }, [prefersReducedMotion]);
  if (prefersReducedMotion) return null;
  return createPortal(
    <canvas
      ref={ref}
      aria-hidden
      data-testid="confetti-canvas"
      className="pointer-events-none fixed inset-0 z-[60] size-full"
    />,
    document.body,
  );
}

/** goalCompleted: the goal is reached; confetti, then the way to the reward. */
export function GoalCompletedDialog({ contextData, close }: DialogBodyProps<'goalCompleted'>) {
  const { data: currentGoal } = useGoal();
  // The completion's answer, until the refreshed goal (the same one, Completed) replaces it.
  const answered = contextData?.goal;
  const isFresher =
    currentGoal?.status === 'Completed' && (!answered || currentGoal.id === answered.id);
  const goal = isFresher ? currentGoal : (answered ?? currentGoal);
  const claim = useClaimReward();
  const network = useNeedsNetwork();
  const { open } = useDialog();
  const canClaim = getGoalOverlayState(goal) === 'claim';

  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: ({ background }) => open('goalPrize', { background }),
      onError: () => toast.error(CLAIM_FAILED_MESSAGE),
    });

  return (
    <>
      <ConfettiCanvas />
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <PartyPopper className="size-6 text-brand-violet" aria-hidden />
          Goal completed!
        </DialogTitle>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <div className="relative overflow-hidden rounded-2xl bg-brand-button p-5 text-center text-white">
          <div
            aria-hidden
            className="absolute -right-10 -bottom-16 size-40 rounded-full bg-brand-orange/50 blur-3xl"
          />
          <p className="relative text-sm font-semibold tracking-wide uppercase">You reached</p>
          <p className="relative mt-1 text-4xl font-bold tracking-tight tabular-nums">
            {goal ? <FormattedNumber value={goal.target} /> : '🎉'}
          </p>
          {goal && <p className="relative mt-1 text-sm font-medium">wellness points</p>}
        </div>
        <p className="text-[15px] leading-relaxed text-ink-soft">
          {canClaim
            ? 'Every small step added up. A new background is yours to claim.'
            : 'Every small step added up. Take a moment to enjoy it, then set your next goal.'}
        </p>
        {canClaim && network.reason}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
        {canClaim && (
          <Button
            onClick={onClaim}
            isLoading={claim.isPending}
            disabled={network.isOffline}
            aria-describedby={network.describedBy}
            title={network.title}
            data-autofocus
          >
            Claim Your Reward
          </Button>
        )}
      </DialogFooter>
    </>
  );
}
