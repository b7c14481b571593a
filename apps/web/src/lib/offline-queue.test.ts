import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { clearStoredSession, writeStoredSession } from './auth-storage';
import { clearDeviceDb } from './device-db';
import { enqueueWrite, flushWrites, refreshWrites } from './offline-queue';
import type { PendingWrite } from './offline-write';
import { getWritesSnapshot } from './offline-writes-store';

const USER = 'user-1';

const networkError = () => new ApiError('NETWORK_ERROR', 0, 'Network Error');
const alreadyWritten = () => new ApiError('DIARY_ALREADY_WRITTEN', 409, 'Diary already written');

function describeWrite(write: PendingWrite): string {
  if (write.kind === 'checkIn') return `checkIn:${write.body.mood}`;
  return write.kind === 'mood' ? `mood:${write.mood}` : `diary:${write.content}`;
}

// The queue sends only the signed-in user's writes, and only while that user stays signed in.
beforeEach(() => writeStoredSession('test-token', USER));

afterEach(async () => {
  await clearDeviceDb();
  await refreshWrites();
});

describe('the offline write queue', () => {
  it('sends the waiting writes in the order they were made, then holds none', async () => {
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Happy' });
    await enqueueWrite({ kind: 'diary', userId: USER, content: 'A quiet day', day: '2026-11-24' });
    const sent: string[] = [];
    const result = await flushWrites(async (write) => {
      sent.push(describeWrite(write));
    }, USER);
    expect(sent).toEqual(['mood:Happy', 'diary:A quiet day']);
    expect(result.stopped).toBe(false);
    expect(getWritesSnapshot()).toEqual([]);
  });

  it('keeps only the last mood set offline, in its place in the line', async () => {
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Sad' });
    await enqueueWrite({ kind: 'diary', userId: USER, content: 'Text', day: '2026-11-24' });
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Neutral' });
    expect(getWritesSnapshot().map(describeWrite)).toEqual(['diary:Text', 'mood:Neutral']);
  });

  it('keeps every check-in made offline, each in its place: a moment is not a setting', async () => {
    await enqueueWrite({ kind: 'checkIn', userId: USER, body: { mood: 'Sad' } });
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Neutral' });
    await enqueueWrite({ kind: 'checkIn', userId: USER, body: { mood: 'Happy' } });
    const sent: string[] = [];
    await flushWrites(async (write) => {
      sent.push(describeWrite(write));
    }, USER);
    expect(sent).toEqual(['checkIn:Sad', 'mood:Neutral', 'checkIn:Happy']);
  });

  it('sends each write exactly once when the network fails in the middle of a flush', async () => {
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Happy' });
    await enqueueWrite({
      kind: 'diary',
      userId: USER,
      content: 'Written offline',
      day: '2026-11-24',
    });
    const arrived: string[] = [];
    let isUp = true;
    const send = vi.fn(async (write: PendingWrite) => {
      if (!isUp) throw networkError();
      arrived.push(describeWrite(write));
      isUp = false; // the network drops right after the first answer
    });

    const first = await flushWrites(send, USER);
    expect(first.stopped).toBe(true);
    expect(first.sent.map(describeWrite)).toEqual(['mood:Happy']);
    expect(getWritesSnapshot().map(describeWrite)).toEqual(['diary:Written offline']);

    isUp = true;
    send.mockImplementation(async (write) => {
      arrived.push(describeWrite(write));
    });
    const second = await flushWrites(send, USER);
    expect(second.stopped).toBe(false);
    expect(arrived).toEqual(['mood:Happy', 'diary:Written offline']);
    expect(getWritesSnapshot()).toEqual([]);
  });

  it('runs one flush at a time: a second call joins the first instead of sending again', async () => {
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Happy' });
    const send = vi.fn(async () => {});
    await Promise.all([flushWrites(send, USER), flushWrites(send, USER)]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps a diary the server refuses as already written, with its text, and never resends it', async () => {
    await enqueueWrite({ kind: 'diary', userId: USER, content: 'My words', day: '2026-11-24' });
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Neutral' });
    const send = vi.fn(async (write: PendingWrite) => {
      if (write.kind === 'diary') throw alreadyWritten();
    });
    const result = await flushWrites(send, USER);
    // The refusal does not hold up the writes after it.
    expect(result.sent.map(describeWrite)).toEqual(['mood:Neutral']);
    expect(result.refused).toHaveLength(1);
    const [kept] = getWritesSnapshot();
    expect(kept).toMatchObject({
      kind: 'diary',
      content: 'My words',
      refused: { status: 409, code: 'DIARY_ALREADY_WRITTEN' },
    });

    send.mockClear();
    await flushWrites(send, USER);
    expect(send).not.toHaveBeenCalled();
  });

  it('reports another 4xx once and does not retry it; a 5xx waits for the next flush', async () => {
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Happy' });
    const refused = await flushWrites(async () => {
      throw new ApiError('VALIDATION_ERROR', 400, 'Bad');
    }, USER);
    expect(refused.refused).toHaveLength(1);
    expect(getWritesSnapshot()[0]?.refused?.status).toBe(400);

    await clearDeviceDb();
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Sad' });
    const stopped = await flushWrites(async () => {
      throw new ApiError('HTTP_ERROR', 503, 'Unavailable');
    }, USER);
    expect(stopped.stopped).toBe(true);
    expect(getWritesSnapshot()[0]?.refused).toBeUndefined();
  });

  it('sends only the signed-in user’s writes', async () => {
    await enqueueWrite({ kind: 'mood', userId: 'someone-else', mood: 'Sad' });
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Happy' });
    const sent: string[] = [];
    await flushWrites(async (write) => {
      sent.push(`${write.userId}:${describeWrite(write)}`);
    }, USER);
    expect(sent).toEqual([`${USER}:mood:Happy`]);
  });

  it('sends nothing more once its author has signed out during the flush (decision 065)', async () => {
    await enqueueWrite({ kind: 'mood', userId: USER, mood: 'Happy' });
    await enqueueWrite({ kind: 'diary', userId: USER, content: 'Mine only', day: '2026-11-24' });
    const sent: string[] = [];
    const result = await flushWrites(async (write) => {
      sent.push(describeWrite(write));
      // Logout pressed while the first write was on its way.
      clearStoredSession();
    }, USER);
    expect(sent).toEqual(['mood:Happy']);
    expect(result.stopped).toBe(true);
  });

  it('keeps a write answered 401 out of the refused panel: its session is over, not the write', async () => {
    await enqueueWrite({ kind: 'diary', userId: USER, content: 'Private', day: '2026-11-24' });
    const result = await flushWrites(async () => {
      throw new ApiError('UNAUTHORIZED', 401, 'Authentication required');
    }, USER);
    expect(result.refused).toEqual([]);
    expect(result.stopped).toBe(true);
    expect(getWritesSnapshot()[0]?.refused).toBeUndefined();
  });
});
