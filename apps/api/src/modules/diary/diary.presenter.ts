import { isChosenMood, type Diary, type DiaryEntry } from '@wellspring/shared';
import type { DiaryVault } from './diary-vault';
import type { DiaryRow, DiaryWithMood } from './diary.repository';

/** An entry as its owner reads it: the text opened with the data keys. */
export function presentDiary(row: DiaryRow, vault: DiaryVault): Diary {
  return {
    id: row.id,
    date: row.localDate,
    dateCreated: row.createdAt.toISOString(),
    content: vault.open(row),
    isBackfilled: row.isBackfilled,
  };
}

/** An entry of a list (GET /diary, the search): the entry and its day's mood, or null. */
export function presentDiaryEntry(row: DiaryWithMood, vault: DiaryVault): DiaryEntry {
  return { ...presentDiary(row.diary, vault), mood: isChosenMood(row.mood) ? row.mood : null };
}
