import type { Mood } from '@wellspring/shared';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { MoodPicker } from '@/components/ui/mood-picker';
import { useUpdateMood } from '@/features/mood/api/update-mood';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { useOnboardingNavigation } from '@/features/onboarding/hooks/use-onboarding-navigation';
import { useUser } from '@/lib/auth';

/** Step 1, Select Mood: Next needs a mood and saves it before moving on. */
export function OnboardingStep1Page() {
  const { data: user } = useUser();
  const [mood, setMood] = useState<Mood>(() => user?.mood ?? 'Unknown');
  const { changeMood, isPending } = useUpdateMood();
  const { goNext } = useOnboardingNavigation(1);

  const onNext = () => {
    if (mood === 'Unknown') return;
    changeMood({ mood }, { onSuccess: goNext });
  };

  return (
    <OnboardingCard
      step={1}
      headline={`Hi ${user?.name ?? 'there'}! How are you feeling today?`}
      intro="Pick the mood closest to how you feel right now. Your tasks will be chosen to suit it."
      actions={
        <>
          <p className="text-sm text-ink-muted">You can change your mood anytime.</p>
          <Button
            onClick={onNext}
            disabled={mood === 'Unknown'}
            isLoading={isPending}
            className="ml-auto min-w-28"
          >
            Next
            <ArrowRight className="size-4" aria-hidden />
          </Button>
        </>
      }
    >
      <MoodPicker
        value={mood}
        onChange={setMood}
        label="How are you feeling today?"
        allowDeselect
        size="lg"
      />
    </OnboardingCard>
  );
}
