import { useInfiniteQuery } from '@tanstack/react-query';
import { addDays, DIARY_PAGE_MAX, type DiaryEntry } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { QUERY_GC_TIME_MS } from '@/lib/query-client';
import { reportKeys } from '@/lib/query-keys';

/*
 * The diary entries a report can quote: those of its range, newest first, a page at a time
 * through My Diary's own call (GET /diary?limit=&before=, decision 079). The diary feature's
 * fetcher is its own: features do not import each other.
 */

export interface DiaryChoicesPage {
  entries: DiaryEntry[];
  /** The next page's cursor (the last entry's day), or null when the range has no more. */
  before: string | null;
}

/** One page of the entries of `from` to `to` written before the day `before`. */
export async function getDiaryChoices(
  userId: string,
  range: { from: string; to: string },
  before: string,
  signal?: AbortSignal,
): Promise<DiaryChoicesPage> {
  const answer = await api.get<SuccessBody<DiaryEntry[]>>('/diary', {
    query: { id: userId, limit: DIARY_PAGE_MAX, before },
    signal,
  });
  const page = answer.data;
  const entries = page.filter((entry) => entry.date >= range.from && entry.date <= range.to);
  const last = page.at(-1);
  const hasMore = page.length === DIARY_PAGE_MAX && last !== undefined && last.date > range.from;
  return { entries, before: hasMore ? last.date : null };
}

/** The range's diary entries, newest first; more pages on demand. Only while `isWanted`. */
export function useDiaryChoices(range: { from: string; to: string }, isWanted: boolean) {
  const { token, userId } = useSession();
  return useInfiniteQuery({
    queryKey: reportKeys.diaryChoices(userId ?? '', range),
    queryFn: ({ pageParam, signal }) => getDiaryChoices(userId ?? '', range, pageParam, signal),
    initialPageParam: addDays(range.to, 1),
    getNextPageParam: (page) => page.before ?? undefined,
    enabled: Boolean(token && userId && isWanted),
    // Diary text: gone from memory as soon as it is unused, never kept on the device.
    gcTime: QUERY_GC_TIME_MS,
  });
}
