import { DIARY_SEARCH_BATCH, type DiarySearchResult } from '@wellspring/shared';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/app/context';
import { listDiaryBatch } from './diary-search.repository';
import type { DiaryVault } from './diary-vault';
import { presentDiaryEntry } from './diary.presenter';

/** Lower case, one form of each accented letter: how text and words are compared. */
function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

/** The words of a search: split on white space, each folded. */
export function searchWords(q: string): string[] {
  return fold(q).split(/\s+/u).filter(Boolean);
}

/**
 * The caller's entries holding every word of `q` (case-insensitive), newest first, read a batch at
 * a time: page N opens only the N-th DIARY_SEARCH_BATCH entries of the caller's own, so one
 * request never decrypts more than a batch, and nothing but the sealed text is ever stored.
 */
export async function searchDiaries(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  q: string,
  page: number,
): Promise<DiarySearchResult> {
  const words = searchWords(q);
  // One more than a batch, to tell whether older entries are left.
  const rows = await listDiaryBatch(
    db,
    auth.userId,
    (page - 1) * DIARY_SEARCH_BATCH,
    DIARY_SEARCH_BATCH + 1,
  );
  const batch = rows.slice(0, DIARY_SEARCH_BATCH);
  const entries = batch
    .map((row) => presentDiaryEntry(row, vault))
    .filter((entry) => {
      const text = fold(entry.content);
      return words.every((word) => text.includes(word));
    });
  return { entries, page, scanned: batch.length, hasMore: rows.length > DIARY_SEARCH_BATCH };
}
