import { paths } from '@/config/paths';

/** SPEC.md section 2: the three onboarding steps, in order. */
export const ONBOARDING_STEPS = [
  { step: 1, label: 'Select Mood', path: paths.onboarding.step1 },
  { step: 2, label: 'Set Goals', path: paths.onboarding.step2 },
  { step: 3, label: 'Create Diary', path: paths.onboarding.step3 },
] as const;

export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]['step'];

export const FIRST_ONBOARDING_STEP: OnboardingStep = 1;
export const LAST_ONBOARDING_STEP: OnboardingStep = 3;

/**
 * SPEC.md sections 4 and 5: the step stays within the three steps. Previous stops at the first
 * (asking for step 0 gives step 1), Next at the last (step 3 stays step 3).
 */
export function clampOnboardingStep(step: number): OnboardingStep {
  if (!Number.isFinite(step)) return FIRST_ONBOARDING_STEP;
  return Math.min(
    Math.max(Math.trunc(step), FIRST_ONBOARDING_STEP),
    LAST_ONBOARDING_STEP,
  ) as OnboardingStep;
}

export function getNextOnboardingStep(step: number): OnboardingStep {
  return clampOnboardingStep(step + 1);
}

export function getPreviousOnboardingStep(step: number): OnboardingStep {
  return clampOnboardingStep(step - 1);
}

export function getOnboardingStepPath(step: number): string {
  return ONBOARDING_STEPS[clampOnboardingStep(step) - 1]!.path;
}

/** The step a path shows, or undefined outside the steps. */
export function getOnboardingStepFromPath(pathname: string): OnboardingStep | undefined {
  const path = pathname.replace(/\/+$/, '');
  return ONBOARDING_STEPS.find((s) => s.path === path)?.step;
}
