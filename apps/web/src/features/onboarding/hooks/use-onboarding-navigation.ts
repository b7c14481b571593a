import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import {
  getNextOnboardingStep,
  getOnboardingStepPath,
  getPreviousOnboardingStep,
} from '../utils/steps';

/** Next and Previous from a step, clamped to the three steps. */
export function useOnboardingNavigation(step: number) {
  const navigate = useNavigate();
  const goNext = useCallback(
    () => void navigate(getOnboardingStepPath(getNextOnboardingStep(step))),
    [navigate, step],
  );
  const goPrevious = useCallback(
    () => void navigate(getOnboardingStepPath(getPreviousOnboardingStep(step))),
    [navigate, step],
  );
  return { goNext, goPrevious };
}
