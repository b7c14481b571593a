import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isClientError } from './api-client';

/** SPEC.md section 7: three retries. */
export const QUERY_RETRY_COUNT = 3;
/** Back-off starts at 1 s and doubles, capped at 30 s. */
export const QUERY_RETRY_BASE_MS = 1_000;
export const QUERY_RETRY_MAX_MS = 30_000;
/** Unused cached data is dropped after 5 minutes. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1_000;

/** Retries a failed query up to three times, never a 4xx answer (it would fail the same way). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isClientError(error)) return false;
  return failureCount < QUERY_RETRY_COUNT;
}

/** 1 s, 2 s, 4 s, … capped at 30 s (attemptIndex starts at 0). */
export function getRetryDelay(attemptIndex: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attemptIndex, QUERY_RETRY_MAX_MS);
}

export const queryDefaults = {
  queries: {
    retry: shouldRetryQuery,
    retryDelay: getRetryDelay,
    gcTime: QUERY_GC_TIME_MS,
    // A short freshness window avoids a second request right after the preload.
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
