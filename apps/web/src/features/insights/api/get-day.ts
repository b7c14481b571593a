import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightsDay } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { insightsKeys } from '@/lib/query-keys';

/** GET /v1/insights/day?id=&date=: one local day's mood, diary entry and completed tasks. */
export async function getDay(
  userId: string,
  date: string,
  signal?: AbortSignal,
): Promise<InsightsDay> {
  const body = await api.get<SuccessBody<InsightsDay>>('/insights/day', {
    query: { id: userId, date },
    signal,
  });
  return body.data;
}

export function dayQueryOptions(userId: string, date: string) {
  return queryOptions({
    queryKey: insightsKeys.day(userId, date),
    queryFn: ({ signal }) => getDay(userId, date, signal),
  });
}

/** The selected day, or nothing until a day is selected. */
export function useDay(date: string | null) {
  const { token, userId } = useSession();
  return useQuery({
    ...dayQueryOptions(userId ?? '', date ?? ''),
    enabled: Boolean(token && userId && date),
  });
}
