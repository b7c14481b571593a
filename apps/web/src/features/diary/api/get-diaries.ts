import { queryOptions, useQuery } from '@tanstack/react-query';
import { addDays, type DiaryEntry } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { diaryKeys } from '@/lib/query-keys';

/**
 * GET /v1/diary?id=: every entry, newest first, each with its day's mood (or null); or a page of
 * them: at most `limit`, of the days before `before` (decision 079).
 */
export async function getDiaries(
  userId: string,
  signal?: AbortSignal,
  page: { limit?: number; before?: string } = {},
): Promise<DiaryEntry[]> {
  const body = await api.get<SuccessBody<DiaryEntry[]>>('/diary', {
    query: { id: userId, ...page },
    signal,
  });
  return body.data;
}

export function diariesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: diaryKeys.list(userId),
    queryFn: ({ signal }) => getDiaries(userId, signal),
  });
}

/** The signed-in user's diary entries; runs only while a token and a user id exist. */
export function useDiaries() {
  const { token, userId } = useSession();
  return useQuery({ ...diariesQueryOptions(userId ?? ''), enabled: Boolean(token && userId) });
}

/**
 * The signed-in user's newest entry up to their local `today` (a list of one, or none): today's
 * entry when it is of today. A day after today (a move west) is left out.
 */
export function useNewestDiary(today: string) {
  const { token, userId } = useSession();
  return useQuery({
    queryKey: diaryKeys.newest(userId ?? '', today),
    queryFn: ({ signal }) =>
      getDiaries(userId ?? '', signal, { limit: 1, before: addDays(today, 1) }),
    enabled: Boolean(token && userId),
  });
}
