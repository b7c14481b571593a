import { describe, expect, it } from 'vitest';
import {
  clampOnboardingStep,
  getNextOnboardingStep,
  getOnboardingStepFromPath,
  getOnboardingStepPath,
  getPreviousOnboardingStep,
  ONBOARDING_STEPS,
} from './steps';

describe('the onboarding steps', () => {
  it('are Select Mood, Set Goals and Create Diary, in that order', () => {
    expect(ONBOARDING_STEPS.map((s) => s.label)).toEqual([
      'Select Mood',
      'Set Goals',
      'Create Diary',
    ]);
  });

  it('stay between the first and the last step (0 gives step 1, 4 gives step 3)', () => {
    expect(clampOnboardingStep(0)).toBe(1);
    expect(clampOnboardingStep(-5)).toBe(1);
    expect(clampOnboardingStep(1)).toBe(1);
    expect(clampOnboardingStep(2)).toBe(2);
    expect(clampOnboardingStep(3)).toBe(3);
    expect(clampOnboardingStep(4)).toBe(3);
    expect(clampOnboardingStep(Number.NaN)).toBe(1);
  });

  it('caps Next at step 3 and Previous at step 1', () => {
    expect(getNextOnboardingStep(1)).toBe(2);
    expect(getNextOnboardingStep(2)).toBe(3);
    expect(getNextOnboardingStep(3)).toBe(3);
    expect(getPreviousOnboardingStep(3)).toBe(2);
    expect(getPreviousOnboardingStep(2)).toBe(1);
    expect(getPreviousOnboardingStep(1)).toBe(1);
  });

  it('maps steps to their routes and back', () => {
    expect(getOnboardingStepPath(0)).toBe('/onboarding/step-1');
    expect(getOnboardingStepPath(2)).toBe('/onboarding/step-2');
    expect(getOnboardingStepPath(9)).toBe('/onboarding/step-3');
    expect(getOnboardingStepFromPath('/onboarding/step-3/')).toBe(3);
    expect(getOnboardingStepFromPath('/onboarding')).toBeUndefined();
  });
});
