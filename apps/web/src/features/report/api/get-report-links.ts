import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportLink } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { reportLinkKeys } from '@/lib/query-keys';

/** GET /v1/report-links?id=: the live links and those expired lately, newest first. */
export async function getReportLinks(userId: string, signal?: AbortSignal): Promise<ReportLink[]> {
  const answer = await api.get<SuccessBody<ReportLink[]>>('/report-links', {
    query: { id: userId },
    signal,
  });
  return answer.data;
}

export function reportLinksQueryOptions(userId: string) {
  return queryOptions({
    queryKey: reportLinkKeys.list(userId),
    queryFn: ({ signal }) => getReportLinks(userId, signal),
    // A clinician may have opened one since: the counts are read each time the list shows.
    staleTime: 0,
  });
}

export function useReportLinks() {
  const { token, userId } = useSession();
  return useQuery({ ...reportLinksQueryOptions(userId ?? ''), enabled: Boolean(token && userId) });
}
