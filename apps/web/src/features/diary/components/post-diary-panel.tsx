import { getCompletionPercent, isChosenMood, type Goal, type Mood } from '@wellspring/shared';
import { ArrowLeft, ArrowRight, CircleCheck, HandHeart, Target } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormattedNumber } from '@/components/ui/formatted-number';
import { MoodBadge } from '@/components/ui/mood-badge';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';

import { clampPostDiaryStep, POST_DIARY_LAST_STEP } from '../utils/diaries';

const STEP_COUNT = POST_DIARY_LAST_STEP + 1;

function StepIcon({
  children,
  tone,
}: {
  children: ReactNode;
  tone: 'green' | 'violet' | 'orange';
}) {
  return (
    <span
      className={cn(
        'flex size-12 shrink-0 items-center justify-center rounded-2xl',
        tone === 'green' && 'bg-[#E3F5F0] text-[#1F7A68]',
        tone === 'violet' && 'bg-surface text-brand-violet',
        tone === 'orange' && 'bg-[#FDF0E3] text-[#A4500F]',
      )}
    >
      {children}
    </span>
  );
}

function SavedStep({ mood }: { mood: Mood }) {
  const isLow = mood === 'Sad' || mood === 'Depressed';
  return (
    <>
      <p>
        Thank you for taking a moment for yourself today. If you're feeling a little under the
        weather, that's okay: be as kind to yourself as you would be to a friend.
      </p>
      {isLow && (
        <p>
          When heavy days keep coming, talking with someone you trust, or with a professional, can
          really help.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2.5 pt-1">
        <span className="text-sm font-medium text-ink-soft">Today's mood</span>
        {isChosenMood(mood) ? (
          <MoodBadge mood={mood} size="md" />
        ) : (
          <span className="rounded-full bg-surface px-3.5 py-1.5 text-sm font-semibold text-ink-soft">
            Not set yet
          </span>
        )}
      </div>
    </>
  );
}

function GoalStep({ goal }: { goal: Goal | null | undefined }) {
  if (!goal) {
    return (
      <p>
        Every task you complete earns wellness points. Pick one that suits how you feel and enjoy
        it; small steps add up.
      </p>
    );
  }
  if (goal.status === 'Completed') {
    return (
      <p>
        You've reached your goal of <FormattedNumber value={goal.target} /> wellness points. Take a
        moment to celebrate it, then set your sights on the next one.
      </p>
    );
  }
  const percent = getCompletionPercent(goal.earned, goal.target) ?? 0;
  return (
    <>
      <p>
        <FormattedNumber value={goal.earned} className="font-semibold text-ink" /> of{' '}
        <FormattedNumber value={goal.target} className="font-semibold text-ink" /> wellness points (
        {percent}%).
      </p>
      <div
        role="progressbar"
        aria-label="Goal progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent, 100)}
        className="h-2.5 w-full overflow-hidden rounded-full bg-surface"
      >
        <div
          className="h-full rounded-full bg-brand-button"
          style={{ width: `${Math.min(percent, 100)}%` }}
        />
      </div>
      <p>
        One task at a time is how goals are reached. Pick one that suits your mood today and enjoy
        it.
      </p>
    </>
  );
}

/**
 * SPEC.md section 2, Post-diary panel: three steps after a diary is saved (saved and today's
 * mood, encouragement, today's goal), with Next and Back clamped to 0..2 and a 'Let's Go' link on
 * the last. It shows nothing until the user has loaded.
 */
export function PostDiaryPanel({
  goal,
  headingLevel = 2,
  onLetsGo,
  className,
}: {
  goal: Goal | null | undefined;
  headingLevel?: 2 | 3;
  /** Runs as the 'Let's Go' link is followed (the dialog closes itself). */
  onLetsGo?: () => void;
  className?: string;
}) {
  const { data: user } = useUser();
  const [step, setStep] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hasUser = Boolean(user);

  // Each step's heading takes focus, so keyboard and screen-reader users follow the steps.
  useEffect(() => {
    if (hasUser) headingRef.current?.focus();
  }, [step, hasUser]);

  if (!user) return null;

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const steps = [
    {
      title: 'Your diary is saved',
      icon: <CircleCheck className="size-6" aria-hidden />,
      tone: 'green' as const,
      body: <SavedStep mood={user.mood} />,
    },
    {
      title: "You've got this!",
      icon: <HandHeart className="size-6" aria-hidden />,
      tone: 'violet' as const,
      body: (
        <p>
          Every small step counts, even on the slow days. You don't have to do everything at once:
          one kind thing for yourself today is plenty.
        </p>
      ),
    },
    {
      title: "Today's goal",
      icon: <Target className="size-6" aria-hidden />,
      tone: 'orange' as const,
      body: <GoalStep goal={goal} />,
    },
  ];
  const current = steps[step]!;
  const isLast = step === POST_DIARY_LAST_STEP;

  return (
    <div className={cn('flex flex-col gap-6', className)} data-testid="post-diary-panel">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-ink-muted">
          Step {step + 1} of {STEP_COUNT}
        </p>
        <div className="flex gap-1.5" aria-hidden>
          {steps.map((s, index) => (
            <span
              key={s.title}
              className={cn(
                'h-1.5 rounded-full transition-all motion-reduce:transition-none',
                index === step ? 'w-6 bg-brand-violet' : 'w-1.5 bg-line',
              )}
            />
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-4">
        <StepIcon tone={current.tone}>{current.icon}</StepIcon>
        <Heading
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-ink outline-none"
        >
          {current.title}
        </Heading>
        <div className="flex flex-col gap-3 text-[15px] leading-relaxed text-ink-soft">
          {current.body}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          onClick={() => setStep((s) => clampPostDiaryStep(s - 1))}
          disabled={step === 0}
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back
        </Button>
        {isLast ? (
          <Link to={paths.app.task.root} onClick={onLetsGo} className={buttonClasses()}>
            Let's Go
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        ) : (
          <Button onClick={() => setStep((s) => clampPostDiaryStep(s + 1))}>
            Next
            <ArrowRight className="size-4" aria-hidden />
          </Button>
        )}
      </div>
    </div>
  );
}
