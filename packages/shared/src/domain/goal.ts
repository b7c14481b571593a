/** The goal slider of SPEC.md section 9. */
export const GOAL_TARGET_MIN = 50_000;
export const GOAL_TARGET_MAX = 500_000;
export const GOAL_TARGET_STEP = 50_000;
export const GOAL_TARGET_DEFAULT = 150_000;
export const ONBOARDING_GOAL_TARGET_DEFAULT = 50_000;

/** True when the target is a multiple of 50,000 from 50,000 to 500,000. */
export function isValidGoalTarget(target: number): boolean {
  return (
    Number.isInteger(target) &&
    target >= GOAL_TARGET_MIN &&
    target <= GOAL_TARGET_MAX &&
    target % GOAL_TARGET_STEP === 0
  );
}

/** floor(earned * 100 / target), or undefined when either value is missing or zero (SPEC.md section 3). */
export function getCompletionPercent(
  earned: number | null | undefined,
  target: number | null | undefined,
): number | undefined {
  if (!earned || !target) return undefined;
  return Math.floor((earned * 100) / target);
}

/** True when the earned points reach the target. */
export function isGoalReached(earned: number, target: number): boolean {
  return target > 0 && earned >= target;
}
