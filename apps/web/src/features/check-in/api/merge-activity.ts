import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { activityKeys, checkInKeys, insightsKeys } from '@/lib/query-keys';

export interface MergeActivityVariables {
  activityId: string;
  intoId: string;
}

/**
 * POST /v1/activities/:activityId/merge?id= {intoId}: every check-in of the one moves to the
 * other, then the one goes away. Answers the activity merged into.
 */
export async function mergeActivity(
  userId: string,
  { activityId, intoId }: MergeActivityVariables,
): Promise<Activity> {
  const answer = await api.post<SuccessBody<Activity>>(
    `/activities/${encodeURIComponent(activityId)}/merge`,
    { intoId },
    { query: { id: userId } },
  );
  return answer.data;
}

/**
 * Merges one activity into another. The check-ins it was on now name the other, and the
 * looking-back views count activities, so the check-ins and the insights refresh with the list.
 */
export function useMergeActivity() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (variables: MergeActivityVariables) => mergeActivity(userId ?? '', variables),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
        queryClient.invalidateQueries({ queryKey: checkInKeys.all }),
        queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
      ]),
  });
}
