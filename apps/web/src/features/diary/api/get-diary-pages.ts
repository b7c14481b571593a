import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DiaryEntry } from '@wellspring/shared';
import { useSession } from '@/lib/auth';
import { diaryKeys } from '@/lib/query-keys';
import { getDiaries } from './get-diaries';

/** How many entries My Diary asks for at a time (decision 085). */
export const DIARY_PAGE_SIZE = 20;

/**
 * The cursor of the page after `lastPage`: its last entry's day (one entry a day makes the date a
 * keyset, decision 079). A page shorter than a full one is the last.
 */
export function getNextDiaryCursor(lastPage: readonly DiaryEntry[]): string | undefined {
  return lastPage.length < DIARY_PAGE_SIZE ? undefined : lastPage.at(-1)?.date;
}

/** My Diary's entries, a page at a time from the newest; the first page has no `before`. */
export function diaryPagesQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: diaryKeys.pages(userId),
    queryFn: ({ pageParam, signal }) =>
      getDiaries(userId, { limit: DIARY_PAGE_SIZE, before: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: getNextDiaryCursor,
  });
}

/** The signed-in user's diary in pages; runs only while a token and a user id exist. */
export function useDiaryPages() {
  const { token, userId } = useSession();
  return useInfiniteQuery({
    ...diaryPagesQueryOptions(userId ?? ''),
    enabled: Boolean(token && userId),
  });
}
