import type { TaskStatus } from '@wellspring/shared';

/** The filters of a task page: SPEC.md's status ('' for All), page, size and a day. */
export interface TaskListParams {
  status: TaskStatus | '';
  page: number;
  size: number;
  /** A millisecond timestamp of the picked day, or undefined. */
  date?: number | undefined;
}

/** Query keys of the task feature, general to specific, holding every variable a fetcher uses. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => ['tasks', 'list'] as const,
  list: (userId: string, params: TaskListParams) => ['tasks', 'list', userId, params] as const,
  generated: (userId: string, mood: string | undefined) =>
    ['tasks', 'generated', userId, mood ?? ''] as const,
};
