import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildDiary,
  buildUser,
  createTestQueryClient,
  failure,
  mockApi,
  saveSession,
} from '@/test/test-utils';
import { clearDeviceDb } from './device-db';
import { enqueueWrite, refreshWrites } from './offline-queue';
import { getWritesSnapshot } from './offline-writes-store';
import { syncWrites } from './offline-sync';

const user = buildUser();

afterEach(async () => {
  onlineManager.setOnline(true);
  await clearDeviceDb();
  await refreshWrites();
});

describe('sending the writes made offline', () => {
  it('sends nothing while offline, then the mood and the diary in order once online', async () => {
    saveSession(user);
    const { calls } = mockApi({
      'PATCH /user': () => buildUser({ ...user, mood: 'Sad' }),
      'POST /diary': () => buildDiary({ content: 'Offline words' }),
    });
    await enqueueWrite({ kind: 'mood', userId: user.id, mood: 'Sad' });
    await enqueueWrite({
      kind: 'diary',
      userId: user.id,
      content: 'Offline words',
      day: '2026-11-24',
    });
    const queryClient = createTestQueryClient();

    onlineManager.setOnline(false);
    await syncWrites(queryClient, user.id);
    expect(calls).toEqual([]);

    onlineManager.setOnline(true);
    await syncWrites(queryClient, user.id);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PATCH /user',
      'POST /diary',
    ]);
    expect(calls[0]?.body).toEqual({ mood: 'Sad' });
    // The time it was written goes with it: written before midnight, it is that day's entry.
    expect(calls[1]?.body).toEqual({
      content: 'Offline words',
      id: user.id,
      writtenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(getWritesSnapshot()).toEqual([]);
  });

  it('counts a diary refused as already written as sent when the day’s entry is this very text', async () => {
    // An earlier send arrived; only its answer was lost (the tab closed, the network dropped).
    saveSession(user);
    const { calls } = mockApi({
      'POST /diary': () => failure(409, 'DIARY_ALREADY_WRITTEN', 'Diary already written'),
      'GET /diary': () => [buildDiary({ content: 'Sent once already' })],
    });
    await enqueueWrite({
      kind: 'diary',
      userId: user.id,
      content: 'Sent once already',
      day: '2026-11-24',
    });
    await syncWrites(createTestQueryClient(), user.id);
    expect(getWritesSnapshot()).toEqual([]);
    // It looks among the entries of its day and the days beside it, never the whole diary.
    const reads = calls.filter((call) => call.method === 'GET' && call.path === '/diary');
    expect(reads.map((call) => Object.fromEntries(call.url.searchParams))).toEqual([
      { id: user.id, limit: '3', before: '2026-11-26' },
    ]);
  });

  it('counts a diary refused as too old as sent when it was saved by an earlier send', async () => {
    // Its answer was lost, and the device stayed offline past the next day (decision 057).
    saveSession(user);
    mockApi({
      'POST /diary': () => failure(400, 'VALIDATION_ERROR', 'Invalid body.writtenAt'),
      'GET /diary': () => [buildDiary({ content: 'Saved two days ago' })],
    });
    await enqueueWrite({
      kind: 'diary',
      userId: user.id,
      content: 'Saved two days ago',
      day: '2026-11-22',
    });
    await syncWrites(createTestQueryClient(), user.id);
    expect(getWritesSnapshot()).toEqual([]);
  });

  it('keeps the text of a diary refused as too old when it was never saved', async () => {
    saveSession(user);
    mockApi({
      'POST /diary': () => failure(400, 'VALIDATION_ERROR', 'Invalid body.writtenAt'),
      'GET /diary': () => [],
    });
    await enqueueWrite({
      kind: 'diary',
      userId: user.id,
      content: 'Written on a long trip',
      day: '2026-11-22',
    });
    await syncWrites(createTestQueryClient(), user.id);
    expect(getWritesSnapshot()).toMatchObject([
      { content: 'Written on a long trip', refused: { status: 400, code: 'VALIDATION_ERROR' } },
    ]);
  });

  it('keeps the text of a diary refused because another entry has the day', async () => {
    saveSession(user);
    mockApi({
      'POST /diary': () => failure(409, 'DIARY_ALREADY_WRITTEN', 'Diary already written'),
      'GET /diary': () => [buildDiary({ content: 'Written elsewhere' })],
    });
    await enqueueWrite({
      kind: 'diary',
      userId: user.id,
      content: 'Mine, offline',
      day: '2026-11-24',
    });
    await syncWrites(createTestQueryClient(), user.id);
    expect(getWritesSnapshot()).toMatchObject([
      { content: 'Mine, offline', refused: { status: 409, code: 'DIARY_ALREADY_WRITTEN' } },
    ]);
  });
});
