import type { DiaryEntry } from '@wellspring/shared';
import type { RecordedCall } from '@/test/test-utils';

/**
 * GET /diary as the API answers it (decision 079): with `limit`, at most that many of the entries
 * of days before `before`, newest first; without, every entry. `entries` is read at each call, so
 * a test can add one.
 */
export function answerDiaryPages(entries: () => readonly DiaryEntry[]) {
  return (call: RecordedCall): DiaryEntry[] => {
    const limit = call.url.searchParams.get('limit');
    const before = call.url.searchParams.get('before');
    const sorted = [...entries()].sort((a, b) => b.date.localeCompare(a.date));
    const older = before ? sorted.filter((entry) => entry.date < before) : sorted;
    return limit === null ? older : older.slice(0, Number(limit));
  };
}

/** The query of each GET /diary call made, as a plain object. */
export function diaryReads(calls: readonly RecordedCall[]): Record<string, string>[] {
  return calls
    .filter((call) => call.method === 'GET' && call.path === '/diary')
    .map((call) => Object.fromEntries(call.url.searchParams));
}
