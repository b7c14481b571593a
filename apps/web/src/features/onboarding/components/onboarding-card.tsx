import type { ReactNode } from 'react';
import { LAST_ONBOARDING_STEP, ONBOARDING_STEPS, type OnboardingStep } from '../utils/steps';

/** One onboarding step: its name as the page heading, a headline, the content and the buttons. */
export function OnboardingCard({
  step,
  headline,
  intro,
  children,
  actions,
}: {
  step: OnboardingStep;
  headline: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-2xl animate-fade-up flex-col gap-7 rounded-2xl bg-card p-5 shadow-card sm:p-10"
    >
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <h1
            id="page-title"
            className="text-sm font-semibold tracking-wide text-brand-violet uppercase"
          >
            {ONBOARDING_STEPS[step - 1]!.label}
          </h1>
          <p className="text-sm text-ink-muted">
            · Step {step} of {LAST_ONBOARDING_STEP}
          </p>
        </div>
        {/* The headline holds the user's name, which may be one long word. */}
        <h2 className="text-2xl leading-tight font-bold tracking-tight [overflow-wrap:anywhere] text-ink sm:text-3xl">
          {headline}
        </h2>
        {intro && <div className="text-[15px] leading-relaxed text-ink-soft">{intro}</div>}
      </header>
      {children}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-6">
        {actions}
      </div>
    </section>
  );
}
