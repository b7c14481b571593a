import type { TaskStatus } from '@wellspring/shared';
import { cn } from '@/lib/cn';
import { STATUS_LABELS } from '../utils/task-filters';

/** A task's status as a pill: On Going in violet, Completed in green. */
export function StatusPill({ status, className }: { status: TaskStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap',
        status === 'Completed'
          ? 'bg-emerald-50 text-emerald-800'
          : 'bg-violet-50 text-brand-violet',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn(
          'size-1.5 rounded-full',
          status === 'Completed' ? 'bg-emerald-600' : 'bg-brand-violet',
        )}
      />
      {STATUS_LABELS[status]}
    </span>
  );
}
