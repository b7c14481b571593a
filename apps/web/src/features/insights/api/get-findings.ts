import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightsFindings } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { insightsKeys } from '@/lib/query-keys';

/** GET /v1/insights/findings?id=: what went together with a better mood, each with its days. */
export async function getFindings(userId: string, signal?: AbortSignal): Promise<InsightsFindings> {
  const body = await api.get<SuccessBody<InsightsFindings>>('/insights/findings', {
    query: { id: userId },
    signal,
  });
  return body.data;
}

export function findingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: insightsKeys.findings(userId),
    queryFn: ({ signal }) => getFindings(userId, signal),
  });
}

export function useFindings() {
  const { token, userId } = useSession();
  return useQuery({
    ...findingsQueryOptions(userId ?? ''),
    enabled: Boolean(token && userId),
  });
}
