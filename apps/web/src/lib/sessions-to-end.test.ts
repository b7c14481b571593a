import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, mockApi, saveSession, TEST_TOKEN } from '@/test/test-utils';
import { api } from './api-client';
import { clearStoredSession, readStoredSession } from './auth-storage';
import { clearDeviceDb } from './device-db';
import { enqueueWrite, refreshWrites } from './offline-queue';
import { finishSignOuts } from './sessions-to-end';
import { DEVICE_TO_CLEAR_KEY, SESSIONS_TO_END_KEY } from './sign-out-records';

const readRecord = () => window.localStorage.getItem(SESSIONS_TO_END_KEY);
const offline = () => {
  throw new TypeError('Failed to fetch');
};

afterEach(async () => {
  await clearDeviceDb();
  await refreshWrites();
});

describe('signing out with no network (decision 065)', () => {
  it('forgets the session at once and keeps its token only to end it', async () => {
    saveSession({ id: 'user-1' });
    const { calls } = mockApi({
      'POST /auth/logout': offline,
      'GET /user': () => failure(401, 'UNAUTHORIZED', 'Authentication required'),
    });
    clearStoredSession();
    expect(readStoredSession()).toEqual({ token: null, userId: null });
    expect(readRecord()).toBe(JSON.stringify([TEST_TOKEN]));
    // Nothing else ever sends it: the API client is signed out.
    await api.get('/user').catch(() => undefined);
    const user = calls.find((call) => call.path === '/user')!;
    expect(user.headers.get('Authorization')).toBeNull();
  });

  it('ends the session once the network is back, then forgets the token', async () => {
    saveSession({ id: 'user-1' });
    let isOnline = false;
    const { calls } = mockApi({
      'POST /auth/logout': () => (isOnline ? null : offline()),
    });
    clearStoredSession();
    await finishSignOuts();
    expect(readRecord()).toBe(JSON.stringify([TEST_TOKEN]));

    isOnline = true;
    await finishSignOuts();
    const ends = calls.filter((call) => call.path === '/auth/logout');
    expect(ends.at(-1)?.method).toBe('POST');
    expect(ends.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(readRecord()).toBeNull();
    // Ended: never sent again.
    const count = calls.length;
    await finishSignOuts();
    expect(calls).toHaveLength(count);
  });

  it('forgets a session the server says is over already (401), keeps one it could not end (503)', async () => {
    saveSession({ id: 'user-1' });
    let status = 503;
    mockApi({
      'POST /auth/logout': () =>
        status === 503
          ? failure(503, 'SERVICE_UNAVAILABLE', 'Try later')
          : failure(401, 'UNAUTHORIZED', 'Authentication required'),
    });
    clearStoredSession();
    await finishSignOuts();
    expect(readRecord()).toBe(JSON.stringify([TEST_TOKEN]));
    status = 401;
    await finishSignOuts();
    expect(readRecord()).toBeNull();
  });

  it('writes nothing down when the server ended the session itself (account deleted)', () => {
    saveSession({ id: 'user-1' });
    mockApi({});
    clearStoredSession({ isEndedOnServer: true });
    expect(readStoredSession().token).toBeNull();
    expect(readRecord()).toBeNull();
  });

  it('empties the device database at the next start when a clear was cut short', async () => {
    mockApi({});
    await enqueueWrite({ kind: 'diary', userId: 'user-1', content: 'Mine', day: '2026-11-29' });
    window.localStorage.setItem(DEVICE_TO_CLEAR_KEY, '1');
    await finishSignOuts();
    expect(await refreshWrites()).toEqual([]);
    expect(window.localStorage.getItem(DEVICE_TO_CLEAR_KEY)).toBeNull();
  });
});
