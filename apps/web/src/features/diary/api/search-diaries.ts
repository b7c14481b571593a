import { useQueries } from '@tanstack/react-query';
import type { DiaryEntry, DiarySearchResult } from '@wellspring/shared';
import { api, type SuccessBody } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { diaryKeys } from '@/lib/query-keys';

/**
 * GET /v1/diary/search?id&q&page: the entries holding every word in one batch of the caller's
 * entries (page 1 the newest 366), with how many were read and whether older ones are left.
 */
export async function searchDiaries(
  userId: string,
  words: string,
  page: number,
  signal?: AbortSignal,
): Promise<DiarySearchResult> {
  const body = await api.get<SuccessBody<DiarySearchResult>>('/diary/search', {
    query: { id: userId, q: words, page: String(page) },
    signal,
  });
  return body.data;
}

export interface DiarySearchState {
  /** The matches of every batch read so far, newest first. */
  entries: DiaryEntry[];
  /** How many entries were read across those batches. */
  scanned: number;
  /** Older entries are left to search. */
  hasMore: boolean;
  /** The first batch, or an older one, is being read. */
  isFetching: boolean;
  isError: boolean;
}

/**
 * A search for `words` (already checked against the contract) over `pages` batches, 1 to `pages`:
 * each batch is its own query (diaryKeys.search), so asking for an older one keeps the others.
 */
export function useDiarySearch(words: string | null, pages: number): DiarySearchState {
  const { token, userId } = useSession();
  const enabled = Boolean(token && userId && words);
  const results = useQueries({
    queries: Array.from({ length: words ? pages : 0 }, (_, i) => ({
      queryKey: diaryKeys.search(userId ?? '', words ?? '', i + 1),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        searchDiaries(userId ?? '', words ?? '', i + 1, signal),
      enabled,
    })),
  });
  const loaded = results.map((r) => r.data).filter((d): d is DiarySearchResult => Boolean(d));
  // While an older batch is read, the one before it still says more are left: the button that
  // asked stays (resting) rather than vanishing under the user's focus.
  const last = loaded.at(-1);
  return {
    entries: loaded.flatMap((d) => d.entries),
    scanned: loaded.reduce((sum, d) => sum + d.scanned, 0),
    hasMore: last?.hasMore ?? false,
    isFetching: results.some((r) => r.isPending || r.isFetching),
    isError: results.some((r) => r.isError),
  };
}
