import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { ONBOARDING_STEPS, type OnboardingStep } from '../utils/steps';

/** The three labelled steps; the current one is highlighted, the ones before it ticked. */
export function OnboardingProgress({ current }: { current: OnboardingStep }) {
  return (
    <nav aria-label="Onboarding progress" className="mx-auto w-full max-w-2xl">
      <ol className="grid grid-cols-3">
        {ONBOARDING_STEPS.map(({ step, label }) => {
          const isCurrent = step === current;
          const isDone = step < current;
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className="relative flex flex-col items-center gap-2 text-center"
            >
              {step > 1 && (
                <span
                  className={cn(
                    'absolute top-4 right-1/2 -z-0 h-1 w-full -translate-y-1/2 rounded-full',
                    step <= current ? 'bg-brand-violet' : 'bg-line',
                  )}
                  aria-hidden
                />
              )}
              <span
                className={cn(
                  'relative z-10 flex size-8 items-center justify-center rounded-full text-sm font-bold ring-4 ring-canvas transition',
                  isCurrent && 'bg-brand-button text-white shadow-button',
                  isDone && 'bg-brand-fill text-white',
                  !isCurrent && !isDone && 'border-2 border-line bg-card text-ink-muted',
                )}
                aria-hidden
              >
                {isDone ? <Check className="size-4" strokeWidth={3} /> : step}
              </span>
              <span
                className={cn(
                  'text-xs sm:text-sm',
                  isCurrent ? 'font-semibold text-brand-violet' : 'font-medium text-ink-soft',
                )}
              >
                <span className="sr-only">
                  Step {step}
                  {isDone ? ', done' : ''}:{' '}
                </span>
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
