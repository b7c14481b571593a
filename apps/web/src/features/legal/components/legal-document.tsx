import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTACT_EMAIL, paths } from '@/config/paths';

/**
 * A page of plain words (the Terms of Use, the Privacy Policy): a title, a short summary, then
 * numbered-free sections. Long words (an address, a link) wrap instead of widening the page.
 */
export function LegalDocument({
  title,
  summary,
  children,
}: {
  title: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby="legal-title"
      className="mx-auto flex max-w-3xl min-w-0 flex-col gap-8 px-4 pt-12 pb-16 [overflow-wrap:anywhere] sm:px-6 lg:pt-16"
    >
      <header className="flex flex-col gap-4">
        <p className="text-sm font-semibold tracking-wider text-brand-violet uppercase">
          Wellspring
        </p>
        <h1 id="legal-title" className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">
          {title}
        </h1>
        <div className="rounded-2xl bg-surface p-5 text-[15px] leading-relaxed text-ink-soft">
          {summary}
        </div>
      </header>
      {children}
      <footer className="border-t border-line pt-6 text-sm leading-relaxed text-ink-muted">
        Questions? Write to{' '}
        <a
          className="font-semibold text-brand-violet hover:underline"
          href={`mailto:${CONTACT_EMAIL}`}
        >
          {CONTACT_EMAIL}
        </a>
        . See also the{' '}
        <Link className="font-semibold text-brand-violet hover:underline" to={paths.terms}>
          Terms of Use
        </Link>{' '}
        and the{' '}
        <Link className="font-semibold text-brand-violet hover:underline" to={paths.privacy}>
          Privacy Policy
        </Link>
        .
      </footer>
    </article>
  );
}

/** One part of a legal page: a heading and its paragraphs or lists. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 text-[15px] leading-relaxed text-ink-soft [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-2">
      <h2 className="text-xl font-semibold tracking-tight text-ink">{title}</h2>
      {children}
    </section>
  );
}
