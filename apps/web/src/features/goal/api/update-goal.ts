import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Goal, UpdateGoalBody } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { goalKeys, userKeys } from '@/lib/query-keys';

/** PATCH /v1/goal?id= {target}: changes the goal in progress. */
export async function updateGoal(userId: string, body: UpdateGoalBody): Promise<Goal> {
  const answer = await api.patch<SuccessBody<Goal>>('/goal', body, { query: { id: userId } });
  return answer.data;
}

/**
 * SPEC.md section 4, Goal update: merged into the cached goal at once, rolled back silently on
 * error, and the goal caches refreshed once the call is over either way. Without a goal in
 * progress the same call starts one (onboarding's step 2, decision 030): that is a creation, so the
 * user refreshes too, as after Goal creation.
 */
export function useUpdateGoal() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const key = goalKeys.current(userId ?? '');
  return useMutation({
    mutationFn: (body: UpdateGoalBody) => updateGoal(userId ?? '', body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Goal | null>(key);
      const isInProgress = Boolean(previous && previous.status !== 'Completed');
      if (previous && isInProgress) queryClient.setQueryData<Goal>(key, { ...previous, ...body });
      return { previous, isInProgress };
    },
    onError: (_error, _body, context) => {
      if (context && context.previous !== undefined) {
        queryClient.setQueryData(key, context.previous);
      }
    },
    onSettled: (_goal, _error, _body, context) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: goalKeys.all }),
        context?.isInProgress
          ? undefined
          : queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}
