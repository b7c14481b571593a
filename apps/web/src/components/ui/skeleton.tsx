import { cn } from '@/lib/cn';

/** A calm grey block standing in for content that is loading. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden
      className={cn('animate-pulse rounded-xl bg-surface motion-reduce:animate-none', className)}
    />
  );
}
