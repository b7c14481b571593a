import { Check, Coins, Target, TrendingUp } from 'lucide-react';
import { useId } from 'react';
import { TAB_CONTENT_ATTRIBUTE } from '@/lib/rendered-ahead-markers';
import { scriptedPart, setUpTabs } from '../script/landing-script';

const STEPS = [
  {
    title: 'Set Your Goals',
    summary: 'Choose a wellness-points target that feels right for you.',
    Icon: Target,
    details: [
      'Pick how you feel today from five moods; you can change it anytime.',
      'Set a points goal, gentle or ambitious, with no deadline attached.',
      'Harder goals unlock rarer backgrounds when you reach them.',
    ],
  },
  {
    title: 'Earn Points',
    summary: 'Take on small, kind tasks that suit your mood.',
    Icon: Coins,
    details: [
      'Get a task picked for your mood, or shuffle for another one.',
      'Add as many tasks as you like and complete them at your own pace.',
      'Every completed task adds its points to your goal.',
    ],
  },
  {
    title: 'Track Progress',
    summary: 'See your points, streaks and completed goals grow.',
    Icon: TrendingUp,
    details: [
      'Follow your weekly points and completion rate on the Statistics page.',
      'Keep your diary streak alive with one entry a day.',
      'Claim a new background each time you reach a goal.',
    ],
  },
] as const;

function StepDetails({ index, isShown }: { index: number; isShown: boolean }) {
  const step = STEPS[index]!;
  return (
    <div hidden={!isShown} {...{ [TAB_CONTENT_ATTRIBUTE]: index }}>
      <h3 className="text-lg font-semibold text-ink">{step.title}</h3>
      <ul className="mt-4 grid gap-3 md:grid-cols-3 md:gap-6">
        {step.details.map((detail) => (
          <li key={detail} className="flex gap-3 text-[15px] leading-relaxed text-ink-soft">
            <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-[#2BB39A]/15 text-mint">
              <Check className="size-4" aria-hidden />
            </span>
            {detail}
          </li>
        ))}
      </ul>
    </div>
  );
}

const FIRST_STEP = 0;
const attachTabs = scriptedPart(setUpTabs);

/**
 * How It Works: three selectable cards (a tab list) and the chosen step's details. Static markup,
 * the first card selected and every step's details in the panel; the landing page's script selects
 * (decision 068), and a card's look follows its aria-selected (decision 049).
 */
export function HowItWorksSection() {
  const baseId = useId();
  return (
    <section id="flow" aria-labelledby="flow-title" className="scroll-mt-20">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
        <div className="mx-auto mb-10 flex max-w-2xl flex-col items-center gap-3 text-center">
          <p className="text-sm font-semibold tracking-wider text-brand-violet uppercase">Flow</p>
          <h2 id="flow-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            How It Works
          </h2>
          <p className="text-lg text-ink-soft">Three simple steps, repeated at your own pace.</p>
        </div>

        <div
          role="tablist"
          aria-label="How It Works"
          aria-orientation="horizontal"
          className="grid gap-4 md:grid-cols-3"
          ref={attachTabs}
        >
          {STEPS.map(({ title, summary, Icon }, index) => {
            const isSelected = index === FIRST_STEP;
            return (
              <button
                key={title}
                type="button"
                role="tab"
                id={`${baseId}-tab-${index}`}
                aria-selected={isSelected}
                aria-controls={`${baseId}-panel`}
                tabIndex={isSelected ? 0 : -1}
                className="group relative flex flex-col items-start gap-4 rounded-2xl border border-line bg-card/70 p-6 text-left transition duration-200 not-aria-selected:hover:-translate-y-0.5 not-aria-selected:hover:bg-card not-aria-selected:hover:shadow-card aria-selected:border-transparent aria-selected:bg-card aria-selected:shadow-lifted aria-selected:ring-2 aria-selected:ring-brand-violet"
              >
                <span className="flex w-full items-center justify-between">
                  <span className="flex size-12 items-center justify-center rounded-2xl bg-surface text-brand-violet transition group-aria-selected:bg-transparent group-aria-selected:bg-brand-gradient group-aria-selected:text-white group-aria-selected:shadow-button">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <span className="text-sm font-semibold text-ink-muted">Step {index + 1}</span>
                </span>
                <span className="text-lg font-semibold text-ink">{title}</span>
                <span className="text-[15px] leading-relaxed text-ink-soft">{summary}</span>
              </button>
            );
          })}
        </div>

        <div
          id={`${baseId}-panel`}
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${FIRST_STEP}`}
          tabIndex={0}
          className="mt-6 rounded-2xl border border-line bg-card p-6 shadow-card md:p-8"
        >
          {STEPS.map(({ title }, index) => (
            <StepDetails key={title} index={index} isShown={index === FIRST_STEP} />
          ))}
        </div>
      </div>
    </section>
  );
}
