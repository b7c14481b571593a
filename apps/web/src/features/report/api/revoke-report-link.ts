import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportLink } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { reportLinkKeys } from '@/lib/query-keys';

/** DELETE /v1/report-links/:linkId?id=: the link opens nothing from now on. */
export async function revokeReportLink(userId: string, linkId: string): Promise<{ id: string }> {
  const answer = await api.delete<SuccessBody<{ id: string }>>(
    `/report-links/${encodeURIComponent(linkId)}`,
    { query: { id: userId } },
  );
  return answer.data;
}

export function useRevokeReportLink() {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: Pick<ReportLink, 'id'>) => revokeReportLink(userId ?? '', link.id),
    onSuccess: (_answer, link) => {
      queryClient.setQueryData<ReportLink[]>(reportLinkKeys.list(userId ?? ''), (list) =>
        list?.filter((l) => l.id !== link.id),
      );
    },
    // Also after a failure: a 404 means it had gone already.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportLinkKeys.all }),
  });
}
