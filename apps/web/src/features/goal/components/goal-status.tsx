import type { GoalStatus } from '@wellspring/shared';
import { cn } from '@/lib/cn';

/** How a goal status reads: 'Completed', or 'On Progress' (SPEC.md section 3). */
export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  OnProgress: 'On Progress',
  Completed: 'Completed',
};

export function GoalStatusPill({ status, className }: { status: GoalStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap',
        status === 'Completed' ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
        className,
      )}
    >
      {GOAL_STATUS_LABELS[status]}
    </span>
  );
}
