import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { Task } from '@wellspring/shared';
import { toast } from '@/components/ui/toast';
import { api, type SuccessBody } from '@/lib/api-client';
import type { TaskPage } from './get-tasks';
import { taskKeys } from './task-keys';

export const DELETE_TASK_SUCCESS_MESSAGE = 'Successfuly deleted new task';
export const DELETE_TASK_FAILURE_MESSAGE =
  'Oops, something went wrong while trying to delete a new task';

/** Every deletion carries this key, so any list can fade the tasks being deleted. */
export const DELETE_TASK_MUTATION_KEY = ['tasks', 'delete'] as const;

/** DELETE /v1/task?taskId=: discards an OnGoing task. */
export async function deleteTask(taskId: string): Promise<Task> {
  const body = await api.delete<SuccessBody<Task>>('/task', { query: { taskId } });
  return body.data;
}

/**
 * Discards a task. While the call runs the task shows faded (see useDeletingTaskIds); on success
 * it leaves every cached page at once, on failure it simply comes back to normal. The messages
 * are the mutation's own, so they show even when the row that asked is gone by then.
 */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: DELETE_TASK_MUTATION_KEY,
    mutationFn: (task: Pick<Task, 'id'>) => deleteTask(task.id),
    onSuccess: (_answer, task) => {
      queryClient.setQueriesData<TaskPage>({ queryKey: taskKeys.lists() }, (page) => {
        if (!page || !page.data.some((t) => t.id === task.id)) return page;
        return {
          data: page.data.filter((t) => t.id !== task.id),
          totalTaskCount: Math.max(0, page.totalTaskCount - 1),
        };
      });
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
      toast.success(DELETE_TASK_SUCCESS_MESSAGE);
    },
    onError: () => toast.error(DELETE_TASK_FAILURE_MESSAGE),
  });
}

/** The ids of the tasks whose deletion is under way. */
export function useDeletingTaskIds(): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey: DELETE_TASK_MUTATION_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as Pick<Task, 'id'> | undefined)?.id,
  });
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}
