import { useQuery } from '@tanstack/react-query';
import type { Report } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { QUERY_GC_TIME_MS } from '@/lib/query-client';
import { sharedReportKeys } from '@/lib/query-keys';

export interface SharedReport {
  report: Report;
  expiresAt: string;
}

/** POST /v1/shared-reports/open: the report a link shows, by its token (counts an opening). */
export async function openSharedReport(token: string, signal?: AbortSignal): Promise<SharedReport> {
  const answer = await api.post<SuccessBody<SharedReport>>(
    '/shared-reports/open',
    { token },
    {
      signal,
    },
  );
  return answer.data;
}

/**
 * The report of the clinician's link; nothing without a token. Opened once a visit (`visit`, which
 * arrival of the link on the page it is): each opening is counted, so it is never fetched again by
 * itself, and never kept on the device.
 */
export function useSharedReport(token: string | null, visit: number) {
  return useQuery({
    queryKey: sharedReportKeys.open(token ?? '', visit),
    queryFn: ({ signal }) => openSharedReport(token ?? '', signal),
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: QUERY_GC_TIME_MS,
  });
}
