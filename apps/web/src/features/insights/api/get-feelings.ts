import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InsightsFeelings } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { insightsKeys } from '@/lib/query-keys';

/** GET /v1/insights/feelings?id=&month=: a month's feeling words and their findings. */
export async function getFeelings(
  userId: string,
  month: string,
  signal?: AbortSignal,
): Promise<InsightsFeelings> {
  const body = await api.get<SuccessBody<InsightsFeelings>>('/insights/feelings', {
    query: { id: userId, month },
    signal,
  });
  return body.data;
}

/** The month shown stays on screen while the next one loads: the list does not jump. */
export function useFeelings(month: string) {
  const { token, userId } = useSession();
  return useQuery({
    queryKey: insightsKeys.feelings(userId ?? '', month),
    queryFn: ({ signal }) => getFeelings(userId ?? '', month, signal),
    enabled: Boolean(token && userId),
    placeholderData: keepPreviousData,
  });
}
