import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Goal } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { goalKeys, historyKeys, taskKeys } from '@/lib/query-keys';

/** POST /v1/task/completed?taskId=&userId=: answers the updated goal. */
export async function completeTask(taskId: string, userId: string): Promise<Goal> {
  const body = await api.post<SuccessBody<Goal>>('/task/completed', undefined, {
    query: { taskId, userId },
  });
  return body.data;
}

export function useCompleteTask() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (taskId: string) => completeTask(taskId, userId ?? ''),
    // Not awaited: the dialog that follows should not wait for the lists to reload. Completing a
    // task changes the goal and the statistics too.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: goalKeys.all });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    },
  });
}
