import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity, CreateActivityBody } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { activityKeys } from '@/lib/query-keys';

/**
 * POST /v1/activities?id=: a new activity at the end of its group. A name the user already has
 * answers 409 ACTIVITY_NAME_TAKEN, a 201st activity 409 ACTIVITY_LIMIT (decision 074).
 */
export async function createActivity(userId: string, body: CreateActivityBody): Promise<Activity> {
  const answer = await api.post<SuccessBody<Activity>>('/activities', body, {
    query: { id: userId },
  });
  return answer.data;
}

/** Adds an activity; the list refreshes before the call counts as done, so it shows at once. */
export function useCreateActivity() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (body: CreateActivityBody) => createActivity(userId ?? '', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
}
