import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedReportLinkAnswerSchema, CreateReportLinkBody } from '@wellspring/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { reportLinkKeys } from '@/lib/query-keys';

/** The new link, its token and its address: the only time the token is ever shown. */
export type CreatedReportLink = z.infer<typeof CreatedReportLinkAnswerSchema>['data'];

/** POST /v1/report-links?id=: a read-only link to one report, for 1 to 14 days. */
export async function createReportLink(
  userId: string,
  body: CreateReportLinkBody,
): Promise<CreatedReportLink> {
  const answer = await api.post<z.infer<typeof CreatedReportLinkAnswerSchema>>(
    '/report-links',
    body,
    { query: { id: userId } },
  );
  return answer.data;
}

export function useCreateReportLink() {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportLinkBody) => createReportLink(userId ?? '', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportLinkKeys.all }),
  });
}
