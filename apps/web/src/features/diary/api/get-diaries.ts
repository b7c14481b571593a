import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiaryEntry } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { diaryKeys } from '@/lib/query-keys';

/** GET /v1/diary?id=: every entry, newest first, each with its day's mood (or null). */
export async function getDiaries(userId: string, signal?: AbortSignal): Promise<DiaryEntry[]> {
  const body = await api.get<SuccessBody<DiaryEntry[]>>('/diary', {
    query: { id: userId },
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
