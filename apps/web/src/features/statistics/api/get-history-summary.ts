import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistorySummary } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { historyKeys } from '@/lib/query-keys';

/** GET /v1/history?id=: the current goal's completed tasks and completion percent. */
export async function getHistorySummary(
  userId: string,
  signal?: AbortSignal,
): Promise<HistorySummary> {
  const body = await api.get<SuccessBody<HistorySummary>>('/history', {
    query: { id: userId },
    signal,
  });
  return body.data;
}

export function historySummaryQueryOptions(userId: string) {
  return queryOptions({
    queryKey: historyKeys.summary(userId),
    queryFn: ({ signal }) => getHistorySummary(userId, signal),
  });
}

export function useHistorySummary() {
  const { token, userId } = useSession();
  return useQuery({
    ...historySummaryQueryOptions(userId ?? ''),
    enabled: Boolean(token && userId),
  });
}
