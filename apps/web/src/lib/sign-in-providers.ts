import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInProviders } from '@wellspring/shared';
import { api, type SuccessBody } from './api-client';

/*
 * Which sign-in the server offers. The landing page, its top bar and the login and register pages
 * all read it, so it lives here rather than in a feature.
 */

export const signInProviderKeys = {
  all: ['sign-in-providers'] as const,
};

/** GET /v1/auth/providers (public): Google, the development sign-in, or neither. */
export async function getSignInProviders(signal?: AbortSignal): Promise<SignInProviders> {
  const body = await api.get<SuccessBody<SignInProviders>>('/auth/providers', { signal });
  return body.data;
}

export function signInProvidersQueryOptions() {
  return queryOptions({
    queryKey: signInProviderKeys.all,
    queryFn: ({ signal }) => getSignInProviders(signal),
    // Fixed while the server runs.
    staleTime: Infinity,
  });
}

/** Shown where the Google buttons would be, on a server without Google sign-in. */
export const GOOGLE_NOT_SET_UP_TEXT =
  'Google sign-in is not set up on this server, so Get Started and Sign in with Google take you to sign-up with email.';
/** The same, on the login and register pages, where the Google button is left out. */
export const GOOGLE_NOT_SET_UP_AUTH_TEXT =
  'Google sign-in is not set up on this server: sign up or log in with your email and password.';
/** Shown beside the Google buttons while they lead to the built-in development sign-in. */
export const DEV_SIGN_IN_TEXT =
  'Development server: the Google buttons open a development sign-in built into this server, not Google.';

/**
 * Whether the Google buttons sign in here. Until the server has answered (and if it cannot be
 * asked) they do, as the page was built: on a server without Google, the API sends a followed
 * button on to sign-up with email.
 */
export function useSignInProviders(): { hasGoogle: boolean; isDevSignIn: boolean } {
  const { data } = useQuery(signInProvidersQueryOptions());
  return {
    hasGoogle: data ? data.google || data.dev : true,
    isDevSignIn: data?.dev ?? false,
  };
}
