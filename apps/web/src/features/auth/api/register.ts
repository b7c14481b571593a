import { useMutation } from '@tanstack/react-query';
import type { AuthAnswer, RegisterBody } from '@wellspring/shared';
import { api } from '@/lib/api-client';

/** POST /v1/auth/register: creates the account and answers a session (201). */
export function register(body: RegisterBody): Promise<AuthAnswer> {
  return api.post<AuthAnswer>('/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
