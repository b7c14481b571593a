import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Background, Goal } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { backgroundKeys, goalKeys, userKeys } from '@/lib/query-keys';

export interface ClaimAnswer {
  goal: Goal;
  background: Background;
}

/** POST /v1/goal/claim?id=: grants the background the completed goal won. */
export async function claimReward(userId: string): Promise<ClaimAnswer> {
  const body = await api.post<SuccessBody<ClaimAnswer>>('/goal/claim', undefined, {
    query: { id: userId },
  });
  return body.data;
}

/** SPEC.md section 4: the claim refreshes the goal, the user data and the backgrounds. */
export function useClaimReward() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: () => claimReward(userId ?? ''),
    onSuccess: (answer) => {
      if (userId) queryClient.setQueryData(goalKeys.current(userId), answer.goal);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: goalKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: backgroundKeys.all }),
      ]),
  });
}
