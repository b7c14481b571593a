import { isApiError } from './api-client';
import { readStoredSession } from './auth-storage';
import { WRITES_STORE, withStore } from './device-db';
import type { NewWrite, PendingWrite } from './offline-write';
import { setWritesSnapshot } from './offline-writes-store';

/*
 * The writes made offline (decision 042): today's mood and today's diary wait on the
 * device, in IndexedDB, and are sent when the network returns, in the order they were made, each
 * exactly once. A write leaves the queue only after the server has answered it:
 * - answered with success: gone;
 * - refused (a 4xx): kept aside as refused, with its text, for the user to read and copy, and not
 *   tried again (a second diary for the same day answers 409 DIARY_ALREADY_WRITTEN);
 * - no answer (no network, a 5xx, 408 or 429): the flush stops and the write stays first in line.
 * One flush runs at a time on the device (Web Locks across tabs, a promise within one).
 */

export type SendWrite = (write: PendingWrite) => Promise<unknown>;

export interface FlushResult {
  sent: PendingWrite[];
  refused: PendingWrite[];
  /** True when a write could not reach the server: it and the ones after it still wait. */
  stopped: boolean;
}

// ---- the in-memory mirror the screens read (offline-writes-store.ts) ------------------------

async function readAll(): Promise<PendingWrite[]> {
  const writes = await withStore<PendingWrite[]>(WRITES_STORE, 'readonly', (store) =>
    store.getAll(),
  );
  return [...writes].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** Re-reads the queue and tells the screens. */
export async function refreshWrites(): Promise<PendingWrite[]> {
  let writes: PendingWrite[];
  try {
    writes = await readAll();
  } catch {
    writes = [];
  }
  setWritesSnapshot(writes);
  return writes;
}

// ---- the queue ---------------------------------------------------------------------------------

/** Puts a write at the end of the line. A newer mood replaces a waiting one (only the last counts). */
export async function enqueueWrite(write: NewWrite): Promise<void> {
  const entry = { ...write, createdAt: new Date().toISOString() } as PendingWrite;
  const waiting = await readAll();
  if (entry.kind === 'mood') {
    for (const old of waiting) {
      if (old.kind === 'mood' && !old.refused && old.userId === entry.userId) {
        await withStore(WRITES_STORE, 'readwrite', (store) => store.delete(old.seq!));
      }
    }
  }
  await withStore(WRITES_STORE, 'readwrite', (store) => store.add(entry));
  await refreshWrites();
}

/** Forgets a refused write once the user has read it. */
export async function dismissWrite(seq: number): Promise<void> {
  await withStore(WRITES_STORE, 'readwrite', (store) => store.delete(seq));
  await refreshWrites();
}

/**
 * True when the write never reached the server's rules: it is tried again later. A 401 is not the
 * write's fault: its session is over, and signing out discards the write (decision 065).
 */
function isTransient(error: unknown): boolean {
  if (!isApiError(error) || error.code === 'NETWORK_ERROR') return true;
  if (error.statusCode === 401) return true;
  return error.statusCode >= 500 || error.statusCode === 408 || error.statusCode === 429;
}

async function flushOnce(send: SendWrite, userId: string): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], stopped: false };
  const waiting = (await readAll()).filter((write) => !write.refused && write.userId === userId);
  for (const write of waiting) {
    // Signed out meanwhile: the rest left with their author, never to be sent as someone else.
    if (readStoredSession().userId !== userId) {
      result.stopped = true;
      break;
    }
    try {
      await send(write);
    } catch (error) {
      if (isTransient(error)) {
        result.stopped = true;
        break;
      }
      const refused: PendingWrite = {
        ...write,
        refused: {
          status: isApiError(error) ? error.statusCode : 0,
          code: isApiError(error) ? error.code : 'UNKNOWN_ERROR',
        },
      };
      await withStore(WRITES_STORE, 'readwrite', (store) => store.put(refused));
      result.refused.push(refused);
      continue;
    }
    // Answered: only now does the write leave the queue.
    await withStore(WRITES_STORE, 'readwrite', (store) => store.delete(write.seq!));
    result.sent.push(write);
  }
  await refreshWrites();
  return result;
}

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends the signed-in user's waiting writes in order. A flush already under way is joined, not
 * doubled; across tabs the Web Lock makes the second wait and then find the queue empty.
 */
export function flushWrites(send: SendWrite, userId: string): Promise<FlushResult> {
  flushing ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (locks) {
        return await locks.request('wellspring-writes', () => flushOnce(send, userId));
      }
      return await flushOnce(send, userId);
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
