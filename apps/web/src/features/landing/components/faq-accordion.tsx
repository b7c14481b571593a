import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { ACCORDION_ATTRIBUTE } from '@/lib/rendered-ahead-markers';
import { FAQ_ITEMS } from '../faq-items';
import { scriptedPart, setUpAccordions } from '../script/landing-script';

const FIRST_OPEN = 0;
const attachAccordion = scriptedPart(setUpAccordions);

/**
 * The FAQ as an accordion: one answer open at a time, each question a button. Static markup, the
 * first answer open; the landing page's script opens and closes them, on the rendered page and,
 * through the ref, on the app's FAQ page (decision 068). How an open question looks follows its
 * aria-expanded (decision 049).
 */
export function FaqAccordion({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col gap-3" ref={attachAccordion} {...{ [ACCORDION_ATTRIBUTE]: '' }}>
      {FAQ_ITEMS.map((item, index) => {
        const isOpen = index === FIRST_OPEN;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div
            key={item.question}
            className="rounded-2xl border border-line bg-card transition-shadow has-[[aria-expanded=true]]:border-brand-violet/30 has-[[aria-expanded=true]]:shadow-card"
          >
            <Heading className="text-base font-semibold">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                className="group flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-ink"
              >
                <span>{item.question}</span>
                <span
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface text-brand-violet transition group-aria-expanded:rotate-180 group-aria-expanded:bg-brand-fill group-aria-expanded:text-white"
                  aria-hidden
                >
                  <ChevronDown className="size-4" />
                </span>
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="px-5 pb-5 text-[15px] leading-relaxed text-ink-soft"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
