import { useQuery } from '@tanstack/react-query';
import type { InsightsOnThisDay } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { insightsKeys } from '@/lib/query-keys';

/** GET /v1/insights/on-this-day?id=: the same date a month and a year ago (decision 076). */
export async function getOnThisDay(
  userId: string,
  signal?: AbortSignal,
): Promise<InsightsOnThisDay> {
  const body = await api.get<SuccessBody<InsightsOnThisDay>>('/insights/on-this-day', {
    query: { id: userId },
    signal,
  });
  return body.data;
}

export function useOnThisDay() {
  const { token, userId } = useSession();
  return useQuery({
    queryKey: insightsKeys.onThisDay(userId ?? ''),
    queryFn: ({ signal }) => getOnThisDay(userId ?? '', signal),
    enabled: Boolean(token && userId),
  });
}
