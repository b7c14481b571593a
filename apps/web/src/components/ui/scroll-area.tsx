import { useRef, type HTMLAttributes } from 'react';
import { useAutoHideScrollbar } from '@/hooks/use-auto-hide-scrollbar';
import { cn } from '@/lib/cn';

/** A scrolling box whose scroll bar shows while scrolling and hides 600 ms after. */
export function ScrollArea({ className, children, ...props }: HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  useAutoHideScrollbar(ref);
  return (
    <div ref={ref} className={cn('scroll-area overflow-y-auto', className)} {...props}>
      {children}
    </div>
  );
}
