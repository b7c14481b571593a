import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import type { RevokedAnswer } from './end-session';
import { sessionKeys } from '@/lib/query-keys';

/** POST /v1/auth/sessions/end-others: signs out every browser but this one. */
export async function endOtherSessions(): Promise<RevokedAnswer> {
  const answer = await api.post<SuccessBody<RevokedAnswer>>('/auth/sessions/end-others');
  return answer.data;
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => {
      queryClient.setQueryData<Session[]>(sessionKeys.list(), (list) =>
        list?.filter((s) => s.current),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
