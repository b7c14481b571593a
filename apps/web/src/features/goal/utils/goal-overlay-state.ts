import type { Goal } from '@wellspring/shared';

/** What the goal needs next: its reward claimed, a new goal, or nothing while in progress. */
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
