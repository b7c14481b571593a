import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, useSession } from '@/lib/auth';

/** The goal feature's root query key: every goal query starts with it. */
const GOALS_ROOT_KEY = ['goals'] as const;

/**
 * PATCH /v1/goal?id= {target}, as SPEC.md's step 2 "saves the target": the goal in progress gets
 * it, and a new account, which has no goal yet, has its goal started with it (issue 15).
 */
export async function saveGoalTarget(userId: string, target: number): Promise<unknown> {
  return api.patch('/goal', { target }, { query: { id: userId } });
}

/** Saves onboarding's goal; the goal caches and the user refresh after (SPEC.md section 4). */
export function useSaveGoalTarget() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (target: number) => saveGoalTarget(userId ?? '', target),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: GOALS_ROOT_KEY }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}
