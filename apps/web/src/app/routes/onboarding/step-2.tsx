import { ONBOARDING_GOAL_TARGET_DEFAULT, type Goal } from '@wellspring/shared';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useGoal } from '@/features/goal/api/get-goal';
import { useUpdateGoal } from '@/features/goal/api/update-goal';
import { GoalTargetSlider } from '@/features/goal/components/goal-target-slider';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { useOnboardingNavigation } from '@/features/onboarding/hooks/use-onboarding-navigation';
import { ONBOARDING_FAILED_MESSAGE } from '@/features/onboarding/utils/messages';

function SetGoalStep({ goal }: { goal: Goal | null }) {
  const hasGoalInProgress = goal !== null && goal.status !== 'Completed';
  // The saved target if there is one, otherwise 50000 (SPEC.md section 2).
  const [target, setTarget] = useState(
    hasGoalInProgress ? goal.target : ONBOARDING_GOAL_TARGET_DEFAULT,
  );
  // PATCH /v1/goal?id= {target}, as SPEC.md's step 2 "saves the target": the goal in progress
  // takes it, and a new account, which has no goal yet, has its goal started with it.
  const saveGoal = useUpdateGoal();
  const { goNext, goPrevious } = useOnboardingNavigation(2);

  const onNext = () => {
    if (!target) return;
    saveGoal.mutate(
      { target },
      {
        onSuccess: goNext,
        onError: () => toast.error(ONBOARDING_FAILED_MESSAGE),
      },
    );
  };

  return (
    <OnboardingCard
      step={2}
      headline="Set a goal for your wellness points"
      intro="Every task you complete earns wellness points. Reach your goal to unlock a new background; there's no time limit, so pick what feels doable."
      actions={
        <>
          <Button variant="secondary" onClick={goPrevious}>
            <ArrowLeft className="size-4" aria-hidden />
            Previous
          </Button>
          <Button
            onClick={onNext}
            disabled={!target}
            isLoading={saveGoal.isPending}
            className="min-w-28"
          >
            Next
            <ArrowRight className="size-4" aria-hidden />
          </Button>
        </>
      }
    >
      <GoalTargetSlider value={target} onChange={setTarget} label="Your points goal" size="lg" />
    </OnboardingCard>
  );
}

/** Step 2, Set Goals: the slider starts at the saved target; Next saves it and moves on. */
export function OnboardingStep2Page() {
  const goalQuery = useGoal();
  if (goalQuery.isPending) return <PageSpinner label="Loading your goal" />;
  // A goal that cannot be read is treated as none: the slider starts at 50000.
  return <SetGoalStep goal={goalQuery.data ?? null} />;
}
