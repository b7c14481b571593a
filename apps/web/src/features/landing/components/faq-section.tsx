import { ContactButton } from './contact-button';
import { FaqAccordion } from './faq-accordion';

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-card">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16 lg:py-24">
        <div className="flex flex-col items-start gap-4">
          <p className="text-sm font-semibold tracking-wider text-brand-violet uppercase">FAQ</p>
          <h2 id="faq-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            Frequently Asked Questions
          </h2>
          <p className="text-lg leading-relaxed text-ink-soft">
            Can't find what you are looking for? Write to us and a real person will answer.
          </p>
          <ContactButton className="mt-2" />
        </div>
        <FaqAccordion />
      </div>
    </section>
  );
}
