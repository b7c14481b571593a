import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGoalBody, Goal } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { goalKeys, userKeys } from '@/lib/query-keys';

/** POST /v1/goal?id= {target}: starts a goal. */
export async function createGoal(userId: string, body: CreateGoalBody): Promise<Goal> {
  const answer = await api.post<SuccessBody<Goal>>('/goal', body, { query: { id: userId } });
  return answer.data;
}

/** SPEC.md section 4, Goal creation: on success the goal, all-goals and user caches refresh. */
export function useCreateGoal() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (body: CreateGoalBody) => createGoal(userId ?? '', body),
    onSuccess: (goal) => {
      if (userId) queryClient.setQueryData(goalKeys.current(userId), goal);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: goalKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}
