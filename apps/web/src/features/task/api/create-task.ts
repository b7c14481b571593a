import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskBody, GeneratedTask, Task } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { taskKeys } from '@/lib/query-keys';

/** POST /v1/task?id=: accepts a suggestion as an OnGoing task (no other query parameter). */
export async function createTask(userId: string, task: GeneratedTask): Promise<Task> {
  const body: CreateTaskBody = {
    templateId: task.templateId,
    title: task.title,
    description: task.description,
    mood: task.mood,
    points: task.points,
    status: 'OnGoing',
  };
  const answer = await api.post<SuccessBody<Task>>('/task', body, { query: { id: userId } });
  return answer.data;
}

/** Adds the suggestion; the lists refresh and a new suggestion is fetched. */
export function useCreateTask() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (task: GeneratedTask) => createTask(userId ?? '', task),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
      // The added task is OnGoing now: the next suggestion replaces it.
      void queryClient.invalidateQueries({ queryKey: taskKeys.generatedAll() });
    },
  });
}
