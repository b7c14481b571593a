import { QueryClient } from '@tanstack/react-query';
import type { DiaryEntry } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { buildDiary } from '@/test/factories';
import { putNewDiary, type DiaryPages } from './diary-cache';
import { diaryKeys } from './query-keys';

const USER = 'user-1';
const TODAY = '2026-12-08';

function pagesOf(client: QueryClient): DiaryEntry[][] | undefined {
  return client.getQueryData<DiaryPages>(diaryKeys.pages(USER))?.pages;
}

describe('putNewDiary', () => {
  it('puts the entry at the top of My Diary’s first page, the older pages as they were', () => {
    const client = new QueryClient();
    const first = [buildDiary({ date: '2026-12-07' }), buildDiary({ date: '2026-12-06' })];
    const second = [buildDiary({ date: '2026-12-05' })];
    client.setQueryData<DiaryPages>(diaryKeys.pages(USER), {
      pages: [first, second],
      pageParams: [null, '2026-12-06'],
    });
    const entry = buildDiary({ date: TODAY, content: 'New today' });
    putNewDiary(client, USER, entry);
    expect(pagesOf(client)).toEqual([[entry, ...first], second]);
    expect(client.getQueryData<DiaryPages>(diaryKeys.pages(USER))?.pageParams).toEqual([
      null,
      '2026-12-06',
    ]);
    expect(client.getQueryData(diaryKeys.newest(USER, TODAY))).toEqual([entry]);
  });

  it('takes the place of the entry of its day, waiting or saved, on whichever page', () => {
    const client = new QueryClient();
    const waiting = buildDiary({ id: `pending-${TODAY}`, date: TODAY, content: 'Offline' });
    const older = buildDiary({ date: '2026-12-01' });
    client.setQueryData<DiaryPages>(diaryKeys.pages(USER), {
      pages: [[waiting], [older]],
      pageParams: [null, TODAY],
    });
    const saved = buildDiary({ date: TODAY, content: 'Offline' });
    putNewDiary(client, USER, saved);
    expect(pagesOf(client)).toEqual([[saved], [older]]);
  });

  it('makes a first page of its own when My Diary has read none yet (offline)', () => {
    const client = new QueryClient();
    const waiting = buildDiary({ id: `pending-${TODAY}`, date: TODAY });
    putNewDiary(client, USER, waiting);
    expect(client.getQueryData(diaryKeys.pages(USER))).toEqual({
      pages: [[waiting]],
      pageParams: [null],
    });
  });
});
