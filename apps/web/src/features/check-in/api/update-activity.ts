import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity, UpdateActivityBody } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { activityKeys } from '@/lib/query-keys';

export interface UpdateActivityVariables {
  activityId: string;
  body: UpdateActivityBody;
}

/**
 * PATCH /v1/activities/:activityId?id=: renames, regroups (to the end of the new group), moves,
 * re-icons, archives or brings back one activity. A name the user already has answers 409.
 */
export async function updateActivity(
  userId: string,
  { activityId, body }: UpdateActivityVariables,
): Promise<Activity> {
  const answer = await api.patch<SuccessBody<Activity>>(
    `/activities/${encodeURIComponent(activityId)}`,
    body,
    { query: { id: userId } },
  );
  return answer.data;
}

/** Changes one activity; the list refreshes before the call counts as done. */
export function useUpdateActivity() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (variables: UpdateActivityVariables) => updateActivity(userId ?? '', variables),
    // Also after a failure: a 404 means another tab merged it away meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
}
