import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryRow } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { historyKeys } from '@/lib/query-keys';

export interface DayRange {
  /** Milliseconds of the first day's 00:00, local time. */
  startDate: number;
  /** Milliseconds of the last day's 23:59:59.999, local time. */
  endDate: number;
}

/** GET /v1/history?id=&startDate=&endDate=: points earned on each day of the range. */
export async function getDailyPoints(
  userId: string,
  range: DayRange,
  signal?: AbortSignal,
): Promise<HistoryRow[]> {
  const body = await api.get<SuccessBody<HistoryRow[]>>('/history', {
    query: { id: userId, startDate: range.startDate, endDate: range.endDate },
    signal,
  });
  return body.data;
}

export function dailyPointsQueryOptions(userId: string, range: DayRange) {
  return queryOptions({
    queryKey: historyKeys.days(userId, range),
    queryFn: ({ signal }) => getDailyPoints(userId, range, signal),
  });
}

export function useDailyPoints(range: DayRange) {
  const { token, userId } = useSession();
  return useQuery({
    ...dailyPointsQueryOptions(userId ?? '', range),
    enabled: Boolean(token && userId),
  });
}
