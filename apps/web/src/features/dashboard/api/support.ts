import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InsightsSupport } from '@wellspring/shared';
import { toast } from '@/components/ui/toast';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { insightsKeys } from '@/lib/query-keys';

/** Said when a dismissal fails and the card comes back. */
export const SUPPORT_DISMISS_FAILED_MESSAGE =
  "This card couldn't be hidden right now. Please try again later.";

/** GET /v1/insights/support?id: whether the dashboard shows the gentle support card. */
export async function getSupport(userId: string, signal?: AbortSignal): Promise<InsightsSupport> {
  const body = await api.get<SuccessBody<InsightsSupport>>('/insights/support', {
    query: { id: userId },
    signal,
  });
  return body.data;
}

/** POST /v1/insights/support/dismiss {id}: hides the card for 7 days. */
export async function dismissSupport(userId: string): Promise<InsightsSupport> {
  const body = await api.post<SuccessBody<InsightsSupport>>('/insights/support/dismiss', {
    id: userId,
  });
  return body.data;
}

export function useSupport() {
  const { token, userId } = useSession();
  return useQuery({
    queryKey: insightsKeys.support(userId ?? ''),
    queryFn: ({ signal }) => getSupport(userId ?? '', signal),
    enabled: Boolean(token && userId),
  });
}

/** Optimistic: the card goes at once; a failure brings it back and says so. */
export function useDismissSupport() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const key = insightsKeys.support(userId ?? '');
  return useMutation({
    mutationFn: () => dismissSupport(userId ?? ''),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<InsightsSupport>(key);
      queryClient.setQueryData<InsightsSupport>(key, {
        show: false,
        hiddenUntil: previous?.hiddenUntil ?? null,
      });
      return { previous };
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(SUPPORT_DISMISS_FAILED_MESSAGE);
    },
  });
}
