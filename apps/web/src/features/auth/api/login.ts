import { useMutation } from '@tanstack/react-query';
import type { AuthAnswer, LoginBody } from '@wellspring/shared';
import { api } from '@/lib/api-client';

/** POST /v1/auth/login with the browser's time zone. */
export function login(body: LoginBody): Promise<AuthAnswer> {
  return api.post<AuthAnswer>('/auth/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
