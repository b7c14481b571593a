import type { TaskStatus } from '@wellspring/shared';

/** The list's filter tabs: SPEC.md's labels, and the status each sends ('' for All). */
export const TASK_FILTERS = [
  { value: 'all', label: 'All Task', status: '' },
  { value: 'ongoing', label: 'On Going', status: 'OnGoing' },
  { value: 'completed', label: 'Completed', status: 'Completed' },
] as const satisfies readonly { value: string; label: string; status: TaskStatus | '' }[];

export type TaskFilter = (typeof TASK_FILTERS)[number]['value'];

export function getFilterStatus(filter: TaskFilter): TaskStatus | '' {
  return TASK_FILTERS.find((f) => f.value === filter)!.status;
}

/** How a status reads on screen. */
export const STATUS_LABELS: Record<TaskStatus, string> = {
  OnGoing: 'On Going',
  Completed: 'Completed',
};

/**
 * The earliest day the list can be filtered by: no task is older than Wellspring. A date input
 * passes through years such as 0002, 0020 and 0202 while a year is typed; none of them filters.
 */
export const EARLIEST_FILTER_DATE = '2000-01-01';
const EARLIEST_FILTER_YEAR = 2000;

/**
 * The millisecond timestamp of local midnight of a date input's value ('YYYY-MM-DD'), or
 * undefined for an empty, malformed, impossible or implausible (before 2000) value.
 */
export function getLocalMidnightMs(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  if (year < EARLIEST_FILTER_YEAR) return undefined;
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return undefined;
  }
  return date.getTime();
}
