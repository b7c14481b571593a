import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, useSession } from '@/lib/auth';

/** The goal feature's root query key: every goal query starts with it. */
const GOALS_ROOT_KEY = ['goals'] as const;

export interface GoalTargetChange {
  target: number;
  /** A goal in progress gets a new target (PATCH); otherwise a goal is created (POST). */
  hasGoalInProgress: boolean;
}

/** POST /v1/goal?id= {target} for a new goal, PATCH /v1/goal?id= {target} for the one in progress. */
export async function saveGoalTarget(userId: string, change: GoalTargetChange): Promise<unknown> {
  const options = { query: { id: userId } };
  return change.hasGoalInProgress
    ? api.patch('/goal', { target: change.target }, options)
    : api.post('/goal', { target: change.target }, options);
}

/** Saves onboarding's goal; the goal caches and the user refresh after (SPEC.md section 4). */
export function useSaveGoalTarget() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (change: GoalTargetChange) => saveGoalTarget(userId ?? '', change),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: GOALS_ROOT_KEY }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}
