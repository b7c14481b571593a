import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStoredSession, writeStoredSession } from './auth-storage';
import { clearDeviceDb, deviceCache } from './device-db';
import { enqueueWrite, refreshWrites } from './offline-queue';
import { diaryKeys, reportKeys, reportLinkKeys, sharedReportKeys } from './query-keys';
import {
  keepFirstPages,
  PAGES_KEPT_ON_DEVICE,
  PERSISTED_CACHE_KEY,
  startQueryPersistence,
} from './query-persistence';

const REQUEST = { from: '2026-01-01', to: '2026-03-31', sections: ['diary' as const] };

/** My Diary's cache after five pages were scrolled through: page n holds 'words of page n'. */
const FIVE_PAGES = {
  pages: [1, 2, 3, 4, 5].map((n) => [{ date: `2026-0${6 - n}-01`, content: `words of page ${n}` }]),
  pageParams: [null, '2026-05-01', '2026-04-01', '2026-03-01', '2026-02-01'],
};

afterEach(async () => {
  await clearDeviceDb();
});

describe('the query cache kept on the device', () => {
  it('saves the cache and restores it into a fresh client for the same account', async () => {
    const first = new QueryClient();
    const saving = startQueryPersistence(first, 'user-1');
    await saving.restored;
    first.setQueryData(['user', 'user-1'], { id: 'user-1', mood: 'Happy' });
    await vi.waitFor(
      async () => expect(await deviceCache.getItem(PERSISTED_CACHE_KEY)).toContain('Happy'),
      { timeout: 3_000 },
    );
    saving.stop();

    const second = new QueryClient();
    const restoring = startQueryPersistence(second, 'user-1');
    await restoring.restored;
    restoring.stop();
    expect(second.getQueryData(['user', 'user-1'])).toEqual({ id: 'user-1', mood: 'Happy' });
  });

  it('saves at once what was cached before it started (it loads after the first queries)', async () => {
    const client = new QueryClient();
    client.setQueryData(['user', 'user-1'], { id: 'user-1', mood: 'Calm before' });
    const saving = startQueryPersistence(client, 'user-1');
    await saving.restored;
    saving.stop();
    expect(await deviceCache.getItem(PERSISTED_CACHE_KEY)).toContain('Calm before');
  });

  it('never saves a report or a shared report (decision 084): they quote the diary', async () => {
    const client = new QueryClient();
    const saving = startQueryPersistence(client, 'user-1');
    await saving.restored;
    client.setQueryData(reportKeys.preview('user-1', REQUEST), { diary: 'private words' });
    client.setQueryData(reportKeys.diaryChoices('user-1', REQUEST), [{ content: 'a quote' }]);
    client.setQueryData(sharedReportKeys.open('a-token', 1), {
      diary: 'someone else’s words',
    });
    client.setQueryData(reportLinkKeys.list('user-1'), [{ openCount: 2 }]);
    await vi.waitFor(
      async () => expect(await deviceCache.getItem(PERSISTED_CACHE_KEY)).toContain('openCount'),
      { timeout: 3_000 },
    );
    saving.stop();
    const saved = await deviceCache.getItem(PERSISTED_CACHE_KEY);
    expect(saved).not.toMatch(/private words|a quote|someone else/);
  });

  it('keeps only the first pages of My Diary, however many were scrolled through', async () => {
    const client = new QueryClient();
    const saving = startQueryPersistence(client, 'user-1');
    await saving.restored;
    client.setQueryData(diaryKeys.pages('user-1'), FIVE_PAGES);
    await vi.waitFor(
      async () =>
        expect(await deviceCache.getItem(PERSISTED_CACHE_KEY)).toContain('words of page 1'),
      { timeout: 3_000 },
    );
    saving.stop();
    const saved = await deviceCache.getItem(PERSISTED_CACHE_KEY);
    expect(saved).toContain('words of page 2');
    expect(saved).not.toMatch(/words of page [345]/);
    // In memory, the pages read stay until My Diary is left.
    expect(client.getQueryData<typeof FIVE_PAGES>(diaryKeys.pages('user-1'))?.pages).toHaveLength(
      5,
    );

    const restored = new QueryClient();
    const restoring = startQueryPersistence(restored, 'user-1');
    await restoring.restored;
    restoring.stop();
    expect(restored.getQueryData(diaryKeys.pages('user-1'))).toEqual({
      pages: FIVE_PAGES.pages.slice(0, 2),
      pageParams: [null, '2026-05-01'],
    });
  });

  it('trims an infinite query’s data to its first pages and leaves any other data as it is', () => {
    expect(PAGES_KEPT_ON_DEVICE).toBe(2);
    expect(keepFirstPages(FIVE_PAGES)).toEqual({
      pages: FIVE_PAGES.pages.slice(0, 2),
      pageParams: FIVE_PAGES.pageParams.slice(0, 2),
    });
    const one = { pages: [['a']], pageParams: [null] };
    expect(keepFirstPages(one)).toBe(one);
    const list = [{ pages: 3 }];
    expect(keepFirstPages(list)).toBe(list);
    expect(keepFirstPages(null)).toBeNull();
  });

  it('drops a copy saved before My Diary read in pages, which held the whole diary', async () => {
    // The shape saved until decision 085: the buster was the user's id alone.
    await deviceCache.setItem(
      PERSISTED_CACHE_KEY,
      JSON.stringify({
        buster: 'user-1',
        timestamp: Date.now(),
        clientState: {
          mutations: [],
          queries: [
            {
              queryKey: ['diaries', 'list', 'user-1'],
              queryHash: '["diaries","list","user-1"]',
              state: { data: [{ content: 'five years of words' }], status: 'success' },
            },
          ],
        },
      }),
    );
    const client = new QueryClient();
    const restoring = startQueryPersistence(client, 'user-1');
    await restoring.restored;
    restoring.stop();
    expect(client.getQueryData(['diaries', 'list', 'user-1'])).toBeUndefined();
    expect(await deviceCache.getItem(PERSISTED_CACHE_KEY)).not.toContain('five years of words');
  });

  it('never restores another account’s copy', async () => {
    const first = new QueryClient();
    const saving = startQueryPersistence(first, 'user-1');
    await saving.restored;
    first.setQueryData(['user', 'user-1'], { id: 'user-1' });
    await vi.waitFor(
      async () => expect(await deviceCache.getItem(PERSISTED_CACHE_KEY)).toContain('user-1'),
      { timeout: 3_000 },
    );
    saving.stop();

    const other = new QueryClient();
    const restoring = startQueryPersistence(other, 'user-2');
    await restoring.restored;
    restoring.stop();
    expect(other.getQueryData(['user', 'user-1'])).toBeUndefined();
  });

  it('is cleared with the waiting writes when the session ends (logout, account deletion)', async () => {
    writeStoredSession('token', 'user-1');
    const client = new QueryClient();
    const saving = startQueryPersistence(client, 'user-1');
    await saving.restored;
    client.setQueryData(['user', 'user-1'], { id: 'user-1' });
    await vi.waitFor(
      async () => expect(await deviceCache.getItem(PERSISTED_CACHE_KEY)).not.toBeNull(),
      { timeout: 3_000 },
    );
    // Saved within the throttle's second: this save is still waiting when the session ends.
    client.setQueryData(['diary', 'user-1'], [{ content: 'private words' }]);
    await enqueueWrite({
      kind: 'diary',
      userId: 'user-1',
      content: 'offline words',
      day: '2026-11-24',
    });

    clearStoredSession();
    saving.stop();

    await vi.waitFor(async () => {
      expect(await deviceCache.getItem(PERSISTED_CACHE_KEY)).toBeNull();
      expect(await refreshWrites()).toEqual([]);
    });
    // Past the persister's throttle (1 s): nothing was written back.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await deviceCache.getItem(PERSISTED_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
