import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '@wellspring/shared';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { taskKeys, type TaskListParams } from '@/lib/query-keys';

export interface TaskPage {
  data: Task[];
  totalTaskCount: number;
}

/** GET /v1/task?id&page&size&status&date: a page of tasks, newest first, and the total. */
export async function getTasks(
  userId: string,
  params: TaskListParams,
  signal?: AbortSignal,
): Promise<TaskPage> {
  const body = await api.get<{ status: 'success' } & TaskPage>('/task', {
    query: {
      id: userId,
      page: params.page,
      size: params.size,
      status: params.status,
      date: params.date ?? '',
    },
    signal,
  });
  return { data: body.data, totalTaskCount: body.totalTaskCount };
}

export function tasksQueryOptions(userId: string, params: TaskListParams) {
  return queryOptions({
    queryKey: taskKeys.list(userId, params),
    queryFn: ({ signal }) => getTasks(userId, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of the signed-in user's tasks; runs only when user id and token exist (SPEC.md). */
export function useTasks(params: TaskListParams) {
  const { token, userId } = useSession();
  return useQuery({
    ...tasksQueryOptions(userId ?? '', params),
    enabled: Boolean(token && userId),
  });
}
