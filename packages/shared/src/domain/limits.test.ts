import { describe, expect, it } from 'vitest';
import { DiarySearchQuerySchema } from '../contract/diary-search';
import { checkDiarySearchWords, DIARY_SEARCH_MAX_QUERY } from './limits';

describe('the diary search words, checked without zod', () => {
  it('agrees with the contract on every edge: blank, trimmed, the longest, one more', () => {
    const cases = ['', '   ', 'a', '  lighthouse  ', 'x'.repeat(100), ` ${'x'.repeat(100)} `];
    cases.push('x'.repeat(DIARY_SEARCH_MAX_QUERY + 1), '\tsea and sky\n');
    for (const value of cases) {
      const parsed = DiarySearchQuerySchema.shape.q.safeParse(value);
      const checked = checkDiarySearchWords(value);
      if (parsed.success) expect(checked, JSON.stringify(value)).toEqual({ words: parsed.data });
      else expect(checked).toEqual({ error: parsed.error.issues[0]?.message });
    }
  });
  it('says what is wrong in words', () => {
    expect(checkDiarySearchWords(' ')).toEqual({ error: 'Type something to search for' });
    expect(checkDiarySearchWords('x'.repeat(101))).toEqual({
      error: 'Search for at most 100 characters',
    });
  });
});
