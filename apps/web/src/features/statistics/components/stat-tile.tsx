import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/** A single figure with its name: Task Completed, Completion Rate. */
export function StatTile({
  title,
  value,
  hint,
  Icon,
  isLoading,
}: {
  title: string;
  value: string;
  hint: string;
  Icon: LucideIcon;
  isLoading: boolean;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-card p-4 shadow-card sm:p-5"
    >
      <div className="flex items-center gap-2.5">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-surface text-brand-violet">
          <Icon className="size-[18px]" aria-hidden />
        </span>
        <h2 id={id} className="text-sm leading-tight font-semibold text-ink-soft">
          {title}
        </h2>
      </div>
      {isLoading ? (
        <Skeleton className="h-9 w-20" />
      ) : (
        <p className="text-3xl font-bold tracking-tight text-ink tabular-nums">{value}</p>
      )}
      <p className="text-xs text-ink-muted">{hint}</p>
    </section>
  );
}
