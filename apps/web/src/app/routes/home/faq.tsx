import { ContactButton } from '@/features/landing/components/contact-button';
import { FaqAccordion } from '@/features/landing/components/faq-accordion';
import { GetStartedBanner } from '@/features/landing/components/get-started-banner';

export function FaqPage() {
  return (
    <>
      <section
        aria-labelledby="faq-page-title"
        className="mx-auto max-w-3xl px-4 pt-12 pb-4 sm:px-6 lg:pt-20"
      >
        <div className="mb-10 flex flex-col items-center gap-4 text-center">
          <p className="text-sm font-semibold tracking-wider text-brand-violet uppercase">FAQ</p>
          <h1
            id="faq-page-title"
            className="text-4xl font-bold tracking-tight text-ink sm:text-5xl"
          >
            Frequently Asked Questions
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-ink-soft">
            Everything you need to know about Wellspring. Can't find an answer? Write to us.
          </p>
          <ContactButton />
        </div>
        <FaqAccordion headingLevel={2} />
      </section>
      <GetStartedBanner />
    </>
  );
}
