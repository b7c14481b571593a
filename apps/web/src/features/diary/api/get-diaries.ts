import { useQuery } from '@tanstack/react-query';
import { addDays, type DiaryEntry } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { diaryKeys } from '@/lib/query-keys';

/**
 * GET /v1/diary?id=&limit=&before=: at most `limit` entries of the days before `before`, newest
 * first, each with its day's mood (or null). Without `limit` the API answers every entry; the web
 * app never asks for that (decision 085). My Diary's pages are in get-diary-pages.ts, apart from
 * the dashboard's newest entry, so that the dashboard does not carry the infinite query.
 */
export async function getDiaries(
  userId: string,
  page: { limit: number; before?: string | undefined },
  signal?: AbortSignal,
): Promise<DiaryEntry[]> {
  const body = await api.get<SuccessBody<DiaryEntry[]>>('/diary', {
    query: { id: userId, limit: page.limit, before: page.before },
    signal,
  });
  return body.data;
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
      getDiaries(userId ?? '', { limit: 1, before: addDays(today, 1) }, signal),
    enabled: Boolean(token && userId),
  });
}
