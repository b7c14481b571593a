import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({
  label = 'Loading',
  tone = 'muted',
  className,
}: {
  label?: string;
  tone?: 'muted' | 'brand';
  className?: string;
}) {
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-2',
        tone === 'brand' ? 'text-brand-violet' : 'text-ink-muted',
        className,
      )}
    >
      <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A calm full-area loading state. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} tone="brand" />
    </div>
  );
}
