import type { Goal } from '@wellspring/shared';
import { Gift } from 'lucide-react';
import { useId } from 'react';
import { useDialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { useIsOffline } from '@/lib/device-status';
import { NEEDS_NETWORK_REASON } from '@/lib/offline-text';
import { useClaimReward } from '../api/claim-reward';
import { useGoal } from '../api/get-goal';

export const CLAIM_FAILED_MESSAGE =
  'Something went wrong while trying to claim your reward, please try again later';

/** Shown while the goal's reward is unclaimed (and there is one to win). */
export function shouldShowRewardButton(goal: Goal | null | undefined): goal is Goal {
  if (!goal || goal.hasClaimedReward) return false;
  // A completed goal whose tier has no background left has nothing to claim.
  return !(goal.status === 'Completed' && goal.backgroundRewardId === null);
}

/** The wide bar's Reward button: greyed until the goal is Completed, then it claims. */
export function RewardButton() {
  const { data: goal } = useGoal();
  const claim = useClaimReward();
  const { open } = useDialog();
  const hintId = useId();
  const isOffline = useIsOffline();
  if (!shouldShowRewardButton(goal)) return null;

  // Offline, a claim cannot wait for the network (decision 042): unavailable, with the reason.
  const isClaimable = goal.status === 'Completed' && !isOffline;
  const hint = isOffline ? NEEDS_NETWORK_REASON : 'Complete your goal to claim your reward';
  const onClick = () => {
    if (!isClaimable || claim.isPending) return;
    claim.mutate(undefined, {
      onSuccess: ({ background }) => open('goalPrize', { background }),
      onError: () => toast.error(CLAIM_FAILED_MESSAGE),
    });
  };

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        aria-disabled={!isClaimable || claim.isPending}
        aria-describedby={isClaimable ? undefined : hintId}
        className={cn(
          'flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold transition',
          isClaimable
            ? 'bg-brand-button text-white shadow-button hover:brightness-110'
            : 'cursor-not-allowed bg-surface text-ink-muted',
        )}
        title={isClaimable ? undefined : hint}
      >
        <Gift className="size-[18px]" aria-hidden />
        Reward
      </button>
      {!isClaimable && (
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      )}
    </>
  );
}
