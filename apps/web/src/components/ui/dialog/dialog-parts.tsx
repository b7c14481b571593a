import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useAutoHideScrollbar } from '@/hooks/use-auto-hide-scrollbar';
import { cn } from '@/lib/cn';
import { useDialogPanel } from './dialog-context';

/** The dialog's heading; the panel is labelled by it. */
export function DialogTitle({ children, className }: { children: ReactNode; className?: string }) {
  const { titleId } = useDialogPanel();
  return (
    <h2 id={titleId} className={cn('text-xl font-semibold text-ink', className)}>
      {children}
    </h2>
  );
}

/** Header row: title and, for dismissible dialogs, a close button. */
export function DialogHeader({ children, className }: { children: ReactNode; className?: string }) {
  const { dismiss, isDismissible } = useDialogPanel();
  return (
    <div className={cn('flex items-start justify-between gap-4 px-6 pt-6 pb-2', className)}>
      <div className="min-w-0 flex-1">{children}</div>
      {isDismissible && (
        <button
          type="button"
          onClick={dismiss}
          className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted transition hover:bg-surface hover:text-ink"
          aria-label="Close dialog"
        >
          <X className="size-5" aria-hidden />
        </button>
      )}
    </div>
  );
}

/** The scrolling middle of a dialog. */
export function DialogBody({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useAutoHideScrollbar(ref);
  return (
    <div
      ref={ref}
      className={cn('scroll-area min-h-0 flex-1 overflow-y-auto px-6 pt-2 pb-4', className)}
    >
      {children}
    </div>
  );
}

/**
 * The dialog's actions, primary last: below one another on phones (the primary at the bottom),
 * in a row from sm (the primary at the right). Never reversed, so Tab follows what the eye sees.
 */
export function DialogFooter({
  children,
  justify = 'end',
}: {
  children: ReactNode;
  justify?: 'end' | 'between';
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3 px-6 pt-2 pb-6 sm:flex-row sm:items-center',
        justify === 'between' ? 'sm:justify-between' : 'sm:justify-end',
      )}
    >
      {children}
    </div>
  );
}
