import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import type { RevokedAnswer } from './end-session';
import { sessionKeys } from '@/lib/query-keys';

/**
 * POST /v1/auth/password: answers how many other sessions ended. 401 INVALID_CREDENTIALS for a
 * wrong current password, 409 NO_PASSWORD for an account that signs in with Google only.
 */
export async function changePassword(body: ChangePasswordBody): Promise<RevokedAnswer> {
  const answer = await api.post<SuccessBody<RevokedAnswer>>('/auth/password', body);
  return answer.data;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      if (answer.revoked > 0) void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
