import type { AuthAnswer } from '@wellspring/shared';
import { api } from '@/lib/api-client';

/**
 * GET /v1/auth/google?credential={code}&state={state}: no bearer; answers a session. The
 * provider's `iss` goes along when it sent one (RFC 9207): the server checks it, and refuses the
 * answer of a provider that announces it but whose `iss` went missing.
 */
export function exchangeGoogleCode(
  params: { code: string; state: string | null; iss?: string | null },
  signal?: AbortSignal,
): Promise<AuthAnswer> {
  return api.get<AuthAnswer>('/auth/google', {
    query: {
      credential: params.code,
      state: params.state ?? undefined,
      iss: params.iss ?? undefined,
    },
    signal,
  });
}
