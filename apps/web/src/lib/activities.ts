import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity } from '@wellspring/shared';
import { api, type SuccessBody } from './api-client';
import { useSession } from './auth';
import { activityKeys } from './query-keys';

/*
 * The user's activities (decision 074). Here, below the features, because the check-in picker,
 * the activity settings and the day view all name them.
 */

/** GET /v1/activities?id=: the list in the picker's order, archived ones included. */
export async function getActivities(userId: string, signal?: AbortSignal): Promise<Activity[]> {
  const body = await api.get<SuccessBody<Activity[]>>('/activities', {
    query: { id: userId },
    signal,
  });
  return body.data;
}

export function activitiesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: activityKeys.list(userId),
    queryFn: ({ signal }) => getActivities(userId, signal),
  });
}

/** The signed-in user's activities. */
export function useActivities() {
  const { token, userId } = useSession();
  return useQuery({ ...activitiesQueryOptions(userId ?? ''), enabled: Boolean(token && userId) });
}
