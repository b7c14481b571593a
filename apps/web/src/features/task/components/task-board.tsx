import type { TaskStatus } from '@wellspring/shared';
import { TaskColumn } from './task-column';

/**
 * The board: both columns side by side, or one column (narrower screens, SPEC.md section 2).
 */
export function TaskBoard({ statuses }: { statuses: readonly TaskStatus[] }) {
  return (
    <div
      data-testid="task-board"
      className={statuses.length > 1 ? 'grid gap-4 md:grid-cols-2' : 'flex flex-col'}
    >
      {statuses.map((status) => (
        <TaskColumn key={status} status={status} />
      ))}
    </div>
  );
}
