import { GetStartedLink } from './get-started-link';

/** The closing call to action. */
export function GetStartedBanner() {
  return (
    <section aria-labelledby="banner-title" className="px-4 py-16 sm:px-6 lg:py-24">
      <div className="on-dark relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-night px-6 py-12 text-center shadow-lifted sm:px-12 sm:py-16">
        <div
          className="pointer-events-none absolute -top-24 -left-16 size-72 rounded-full bg-brand-fill opacity-50 blur-3xl"
          aria-hidden
        />
        <div
          className="pointer-events-none absolute -right-10 -bottom-28 size-80 rounded-full bg-brand-orange opacity-35 blur-3xl"
          aria-hidden
        />
        <div
          className="pointer-events-none absolute top-1/2 left-1/2 size-64 -translate-1/2 rounded-full bg-brand-purple opacity-30 blur-3xl"
          aria-hidden
        />
        <div className="relative mx-auto flex max-w-2xl flex-col items-center gap-5">
          <h2
            id="banner-title"
            className="text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            Ready to feel a little better every day?
          </h2>
          <p className="text-lg leading-relaxed text-white/90">
            Set your first goal, name today's mood and take your first small step. It's free.
          </p>
          <GetStartedLink variant="inverse" className="mt-2" />
        </div>
      </div>
    </section>
  );
}
