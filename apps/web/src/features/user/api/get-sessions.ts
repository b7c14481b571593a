import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { sessionKeys } from '@/lib/query-keys';

/** GET /v1/auth/sessions: the caller's live sessions, most recently used first. */
export async function getSessions(signal?: AbortSignal): Promise<Session[]> {
  const answer = await api.get<SuccessBody<Session[]>>('/auth/sessions', { signal });
  return answer.data;
}

/** This device first, then the others by last use, newest first. */
export function sortSessions(sessions: readonly Session[]): Session[] {
  return [...sessions].sort((a, b) => {
    if (a.current !== b.current) return a.current ? -1 : 1;
    return Date.parse(b.lastUsedAt) - Date.parse(a.lastUsedAt);
  });
}

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.list(),
    queryFn: ({ signal }) => getSessions(signal),
    select: sortSessions,
    // Another device may have signed in since: the list is fetched each time it shows.
    staleTime: 0,
  });
}

export function useSessions() {
  const { token } = useSession();
  return useQuery({ ...sessionsQueryOptions(), enabled: Boolean(token) });
}
