import type { QueryClient } from '@tanstack/react-query';
import type { DiaryEntry } from '@wellspring/shared';
import { diaryKeys } from './query-keys';

/**
 * Shows a new entry of today at once, saved or waiting on the device: at the top of the list My
 * Diary shows and as the newest entry the dashboard shows, in place of any other of its day.
 */
export function putNewDiary(queryClient: QueryClient, userId: string, entry: DiaryEntry): void {
  queryClient.setQueryData<DiaryEntry[]>(diaryKeys.list(userId), (list) => [
    entry,
    ...(list ?? []).filter((d) => d.id !== entry.id && d.date !== entry.date),
  ]);
  queryClient.setQueryData<DiaryEntry[]>(diaryKeys.newest(userId, entry.date), [entry]);
}
