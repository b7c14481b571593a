import type { Diary } from '@wellspring/shared';
import type { DiaryVault } from './diary-vault';
import type { DiaryRow } from './diary.repository';

/** An entry as its owner reads it: the text opened with the data keys. */
export function presentDiary(row: DiaryRow, vault: DiaryVault): Diary {
  return {
    id: row.id,
    date: row.localDate,
    dateCreated: row.createdAt.toISOString(),
    content: vault.open(row),
  };
}
