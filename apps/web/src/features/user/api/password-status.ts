import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetPasswordBody } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { sessionKeys } from '@/lib/query-keys';

export interface PasswordStatus {
  hasPassword: boolean;
}

/** GET /v1/auth/password: whether the account has a Wellspring password (Google accounts start without). */
export async function getPasswordStatus(signal?: AbortSignal): Promise<PasswordStatus> {
  const answer = await api.get<SuccessBody<PasswordStatus>>('/auth/password', { signal });
  return answer.data;
}

export function passwordStatusQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.password(),
    queryFn: ({ signal }) => getPasswordStatus(signal),
  });
}

export function usePasswordStatus() {
  const { token } = useSession();
  return useQuery({ ...passwordStatusQueryOptions(), enabled: Boolean(token) });
}

/**
 * PUT /v1/auth/password: a first password for an account made by Google sign-in. 403
 * REAUTH_REQUIRED when the session is older than 15 minutes, 409 PASSWORD_EXISTS when it has one.
 */
export async function setFirstPassword(body: SetPasswordBody): Promise<PasswordStatus> {
  const answer = await api.put<SuccessBody<PasswordStatus>>('/auth/password', body);
  return answer.data;
}

export function useSetFirstPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFirstPassword,
    onSuccess: (status) => queryClient.setQueryData(sessionKeys.password(), status),
  });
}
