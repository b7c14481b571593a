import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { sessionKeys } from '@/lib/query-keys';

export interface RevokedAnswer {
  revoked: number;
}

/** DELETE /v1/auth/sessions/:sessionId: signs that browser out at once. */
export async function endSession(sessionId: string): Promise<RevokedAnswer> {
  const answer = await api.delete<SuccessBody<RevokedAnswer>>(
    `/auth/sessions/${encodeURIComponent(sessionId)}`,
  );
  return answer.data;
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Pick<Session, 'id'>) => endSession(session.id),
    onSuccess: (_answer, session) => {
      queryClient.setQueryData<Session[]>(sessionKeys.list(), (list) =>
        list?.filter((s) => s.id !== session.id),
      );
    },
    // Also after a failure: a 404 means the session had already ended.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
