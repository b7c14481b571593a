import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A screen that another issue fills: its heading and what it will hold. */
export function ContentPlaceholder({
  title,
  description,
  Icon,
  children,
}: {
  title: string;
  description: string;
  Icon?: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-6">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {title}
      </h1>
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center shadow-card">
        {Icon && (
          <span className="flex size-14 items-center justify-center rounded-2xl bg-surface text-brand-violet">
            <Icon className="size-7" aria-hidden />
          </span>
        )}
        <p className="max-w-md text-[15px] leading-relaxed text-ink-soft">{description}</p>
        {children}
      </div>
    </section>
  );
}
