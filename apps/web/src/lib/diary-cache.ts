import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { DiaryEntry } from '@wellspring/shared';
import { diaryKeys } from './query-keys';

/** My Diary's cached pages (decision 085): each a list of entries, the cursor of each. */
export type DiaryPages = InfiniteData<DiaryEntry[], string | null>;

/**
 * Shows a new entry of today at once, saved or waiting on the device: at the top of the first page
 * My Diary shows and as the newest entry the dashboard shows, in place of any other of its day.
 * With no page read yet (offline, say), it is a first page of its own, until the diary is read.
 */
export function putNewDiary(queryClient: QueryClient, userId: string, entry: DiaryEntry): void {
  // One entry a day: the one of its day, waiting or saved, is the one it replaces.
  queryClient.setQueryData<DiaryPages>(diaryKeys.pages(userId), (data) => ({
    pages: (data?.pages ?? [[]]).map((page, i) => [
      ...(i === 0 ? [entry] : []),
      ...page.filter((d) => d.date !== entry.date),
    ]),
    pageParams: data?.pageParams ?? [null],
  }));
  queryClient.setQueryData<DiaryEntry[]>(diaryKeys.newest(userId, entry.date), [entry]);
}
