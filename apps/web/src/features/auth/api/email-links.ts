import { useMutation } from '@tanstack/react-query';
import type {
  ForgotPasswordBody,
  ResetPasswordAnswer,
  ResetPasswordBody,
  VerifyEmailAnswer,
} from '@wellspring/shared';
import { api } from '@/lib/api-client';

/** POST /v1/auth/forgot-password: the same answer whether or not the email has an account. */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<unknown> {
  return api.post('/auth/forgot-password', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /v1/auth/reset-password: sets the new password; every session of the account ends. */
export function resetPassword(body: ResetPasswordBody): Promise<ResetPasswordAnswer> {
  return api.post<ResetPasswordAnswer>('/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** POST /v1/auth/verify-email: the token of the emailed link proves the address. */
export function verifyEmail(token: string): Promise<VerifyEmailAnswer> {
  return api.post<VerifyEmailAnswer>('/auth/verify-email', { token });
}

/** POST /v1/auth/verify-email/resend: another verification link for the signed-in user. */
export function resendVerificationEmail(): Promise<unknown> {
  return api.post('/auth/verify-email/resend');
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}

/**
 * The token of an emailed link: it rides in the fragment (`#token=…`), which the browser never
 * sends to a server, so it stays out of every access log. `?token=` is read too.
 */
export function readLinkToken(location: { hash: string; search: string }): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromHash || new URLSearchParams(location.search).get('token') || null;
}
