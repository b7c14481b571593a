import type { PendingWrite } from './offline-write';

/*
 * The screens' copy of the writes waiting on the device (offline-queue.ts keeps it up to date),
 * apart from the queue so that reading it loads no IndexedDB code.
 */

let snapshot: PendingWrite[] = [];
const listeners = new Set<() => void>();

export function setWritesSnapshot(writes: PendingWrite[]): void {
  snapshot = writes;
  listeners.forEach((listener) => listener());
}

export function subscribeWrites(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getWritesSnapshot(): PendingWrite[] {
  return snapshot;
}
