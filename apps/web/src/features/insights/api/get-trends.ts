import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightsTrends } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { insightsKeys } from '@/lib/query-keys';

export type TrendSpan = 30 | 90 | 365;

/** GET /v1/insights/trends?id=&days=: the moods of the last `days` local days ending today. */
export async function getTrends(
  userId: string,
  days: TrendSpan,
  signal?: AbortSignal,
): Promise<InsightsTrends> {
  const body = await api.get<SuccessBody<InsightsTrends>>('/insights/trends', {
    query: { id: userId, days: String(days) },
    signal,
  });
  return body.data;
}

export function trendsQueryOptions(userId: string, days: TrendSpan) {
  return queryOptions({
    queryKey: insightsKeys.trends(userId, days),
    queryFn: ({ signal }) => getTrends(userId, days, signal),
  });
}

/** The span's trends; the previous span's stay on screen while the next one loads. */
export function useTrends(days: TrendSpan) {
  const { token, userId } = useSession();
  return useQuery({
    ...trendsQueryOptions(userId ?? '', days),
    enabled: Boolean(token && userId),
    placeholderData: keepPreviousData,
  });
}
