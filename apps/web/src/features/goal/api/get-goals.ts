import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Goal } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { goalKeys } from '@/lib/query-keys';

/** GET /v1/goal/all?id=: every goal in the order they were created, oldest first. */
export async function getGoals(userId: string, signal?: AbortSignal): Promise<Goal[]> {
  const body = await api.get<SuccessBody<Goal[]>>('/goal/all', { query: { id: userId }, signal });
  return body.data;
}

export function goalsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: goalKeys.list(userId),
    queryFn: ({ signal }) => getGoals(userId, signal),
  });
}

export function useGoals() {
  const { token, userId } = useSession();
  return useQuery({ ...goalsQueryOptions(userId ?? ''), enabled: Boolean(token && userId) });
}
