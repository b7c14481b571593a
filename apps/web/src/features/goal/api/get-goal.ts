import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Goal } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { goalKeys } from '@/lib/query-keys';

/** GET /v1/goal?id=: the current goal, or null before the first one. */
export async function getGoal(userId: string, signal?: AbortSignal): Promise<Goal | null> {
  const body = await api.get<SuccessBody<Goal | null>>('/goal', { query: { id: userId }, signal });
  return body.data;
}

export function goalQueryOptions(userId: string) {
  return queryOptions({
    queryKey: goalKeys.current(userId),
    queryFn: ({ signal }) => getGoal(userId, signal),
  });
}

export function useGoal() {
  const { token, userId } = useSession();
  return useQuery({ ...goalQueryOptions(userId ?? ''), enabled: Boolean(token && userId) });
}
