import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStoredSession, writeStoredSession } from './auth-storage';
import { clearDeviceDb, deviceCache } from './device-db';
import { enqueueWrite, refreshWrites } from './offline-queue';
import { reportKeys, reportLinkKeys, sharedReportKeys } from './query-keys';
import { PERSISTED_CACHE_KEY, startQueryPersistence } from './query-persistence';

const REQUEST = { from: '2026-01-01', to: '2026-03-31', sections: ['diary' as const] };

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
