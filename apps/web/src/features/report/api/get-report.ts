import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Report, ReportRequest } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { QUERY_GC_TIME_MS } from '@/lib/query-client';
import { reportKeys } from '@/lib/query-keys';

/** POST /v1/reports?id=: the report of a range, as the preview, the PDF and the CSV show it. */
export async function getReport(
  userId: string,
  request: ReportRequest,
  signal?: AbortSignal,
): Promise<Report> {
  const answer = await api.post<SuccessBody<Report>>('/reports', request, {
    query: { id: userId },
    signal,
  });
  return answer.data;
}

export function reportQueryOptions(userId: string, request: ReportRequest) {
  return queryOptions({
    queryKey: reportKeys.preview(userId, request),
    queryFn: ({ signal }) => getReport(userId, request, signal),
    // It quotes the diary: gone from memory as soon as it is unused, never kept on the device.
    gcTime: QUERY_GC_TIME_MS,
  });
}

/** The preview of `request`; nothing until the person asks for one (null). */
export function useReport(request: ReportRequest | null) {
  const { token, userId } = useSession();
  const options = reportQueryOptions(userId ?? '', request ?? NO_REPORT);
  return useQuery({
    ...options,
    queryFn: request && token && userId ? options.queryFn : skipToken,
  });
}

/** The key of a preview not asked for yet: it never runs. */
const NO_REPORT: ReportRequest = { from: '', to: '', sections: [] };
