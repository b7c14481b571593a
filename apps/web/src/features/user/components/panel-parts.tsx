import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';

/** A titled part of a profile tab: an h3, a short explanation and its content. */
export function PanelSection({
  title,
  description,
  children,
  className,
  titleRef,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-col gap-1">
        <h3
          id={id}
          ref={titleRef}
          tabIndex={titleRef ? -1 : undefined}
          className="text-base font-semibold text-ink outline-none"
        >
          {title}
        </h3>
        {description && <p className="text-sm leading-relaxed text-ink-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** A failure shown where it happened, announced at once. */
export function InlineAlert({
  title,
  message,
  detail,
  action,
  className,
}: {
  title?: string;
  message: string;
  /** The server's own words, when the message above puts them plainly. */
  detail?: string;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800',
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="break-words">
          {title && <strong className="block font-semibold">{title}</strong>}
          {message}
        </p>
        {detail && <p className="text-xs break-words text-red-800/90">{detail}</p>}
        {action}
      </div>
    </div>
  );
}

/**
 * A live region for the result of an action. It stays in the page while empty, so a screen
 * reader announces each message as it appears.
 */
export function StatusMessage({ message, className }: { message: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn(!message && 'sr-only', className)}>
      {message && (
        <p className="flex items-start gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">{message}</span>
        </p>
      )}
    </div>
  );
}
