import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightsCalendar } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { insightsKeys } from '@/lib/query-keys';

/** GET /v1/insights/calendar?id=&year=: the days of a local year with a mood, diary or points. */
export async function getCalendar(
  userId: string,
  year: number,
  signal?: AbortSignal,
): Promise<InsightsCalendar> {
  const body = await api.get<SuccessBody<InsightsCalendar>>('/insights/calendar', {
    query: { id: userId, year: String(year) },
    signal,
  });
  return body.data;
}

export function calendarQueryOptions(userId: string, year: number) {
  return queryOptions({
    queryKey: insightsKeys.calendar(userId, year),
    queryFn: ({ signal }) => getCalendar(userId, year, signal),
  });
}

/** The year's days; the previous year's stay on screen while the next one loads. */
export function useCalendar(year: number) {
  const { token, userId } = useSession();
  return useQuery({
    ...calendarQueryOptions(userId ?? '', year),
    enabled: Boolean(token && userId),
    placeholderData: keepPreviousData,
  });
}
