import {
  useMutation,
  useMutationState,
  useQueryClient,
  type MutateOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type { Task } from '@wellspring/shared';
import { toast } from '@/components/ui/toast';
import { api, type SuccessBody } from '@/lib/api-client';
import type { TaskPage } from './get-tasks';
import { taskKeys } from '@/lib/query-keys';

export const DELETE_TASK_SUCCESS_MESSAGE = 'Successfuly deleted new task';
export const DELETE_TASK_FAILURE_MESSAGE =
  'Oops, something went wrong while trying to delete a new task';
export const RESTORE_TASK_SUCCESS_MESSAGE = 'Your task is back';
export const RESTORE_TASK_FAILURE_MESSAGE =
  'This task could not be brought back: it may be too late to undo';

/**
 * How long the deleted-task notice stays with its Undo (decision 022). The server keeps a discarded
 * task restorable for 30 s, so an Undo clicked at the last moment on a slow network still works.
 */
export const UNDO_DELETE_MS = 5000;

/** DELETE /v1/task?taskId=: discards an OnGoing task. */
export async function deleteTask(taskId: string): Promise<Task> {
  const body = await api.delete<SuccessBody<Task>>('/task', { query: { taskId } });
  return body.data;
}

/** POST /v1/task/restore?taskId=: puts back a task discarded moments ago (once, 30 s at most). */
export async function restoreTask(taskId: string): Promise<Task> {
  const body = await api.post<SuccessBody<Task>>('/task/restore', undefined, {
    query: { taskId },
  });
  return body.data;
}

/**
 * The Undo of the deleted-task notice. It runs from the notice, after the screen that deleted the
 * task may have gone (the taskDetail dialog closes), so it is a plain call rather than a hook's.
 */
async function undoDelete(queryClient: QueryClient, task: Pick<Task, 'id'>): Promise<void> {
  try {
    await restoreTask(task.id);
    toast.success(RESTORE_TASK_SUCCESS_MESSAGE);
  } catch {
    toast.error(RESTORE_TASK_FAILURE_MESSAGE);
  }
  await queryClient.invalidateQueries({ queryKey: taskKeys.all });
}

/** True while a deletion of this task is under way. */
function isDeleting(queryClient: QueryClient, taskId: string): boolean {
  return (
    queryClient.isMutating({
      mutationKey: taskKeys.deletion(),
      predicate: (mutation) =>
        (mutation.state.variables as Pick<Task, 'id'> | undefined)?.id === taskId,
    }) > 0
  );
}

/**
 * Discards a task. While the call runs the task shows faded (see useDeletingTaskIds) and a second
 * request for it is ignored (a double click deletes once); on success it leaves every cached page
 * at once and SPEC.md's message offers Undo for {@link UNDO_DELETE_MS}; on failure it simply comes
 * back to normal. The messages are the mutation's own, so they show even when the row that asked
 * is gone by then.
 */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: taskKeys.deletion(),
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
      toast.success(DELETE_TASK_SUCCESS_MESSAGE, {
        duration: UNDO_DELETE_MS,
        action: { label: 'Undo', onClick: () => void undoDelete(queryClient, task) },
      });
    },
    onError: () => toast.error(DELETE_TASK_FAILURE_MESSAGE),
  });
  const { mutate } = mutation;
  return {
    ...mutation,
    /** Starts the deletion, unless one of this task is already under way. */
    mutate: (
      task: Pick<Task, 'id'>,
      options?: MutateOptions<Task, Error, Pick<Task, 'id'>, unknown>,
    ) => {
      if (isDeleting(queryClient, task.id)) return;
      mutate(task, options);
    },
  };
}

/** The ids of the tasks whose deletion is under way. */
export function useDeletingTaskIds(): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey: taskKeys.deletion(), status: 'pending' },
    select: (mutation) => (mutation.state.variables as Pick<Task, 'id'> | undefined)?.id,
  });
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}
