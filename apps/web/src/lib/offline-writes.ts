import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { ChosenMood, DiaryEntry, User } from '@wellspring/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { useSession } from './auth';
import type { NewWrite, PendingWrite } from './offline-write';
import { PENDING_DIARY_ID_PREFIX } from './offline-text';
import { getWritesSnapshot, subscribeWrites } from './offline-writes-store';
import { putNewDiary } from './diary-cache';
import { userKeys } from './query-keys';

/*
 * What the screens do with a write while the device is offline (decision 042): today's
 * mood and today's diary go into the queue on the device and show at once, marked as waiting
 * (the words are in offline-text.ts).
 */

/** The queue and its IndexedDB code load with the first write made offline. */
async function enqueueWrite(write: NewWrite): Promise<void> {
  const queue = await import('./offline-queue');
  await queue.enqueueWrite(write);
}

export function isDeviceOffline(): boolean {
  return !onlineManager.isOnline();
}

/** Sets the mood on the device: the cached user shows it, the queue sends it later. */
export async function queueMoodOffline(
  queryClient: QueryClient,
  userId: string,
  mood: ChosenMood,
): Promise<void> {
  queryClient.setQueryData<User>(userKeys.detail(userId), (user) =>
    user ? { ...user, mood, hasSetMoodToday: true } : user,
  );
  await enqueueWrite({ kind: 'mood', userId, mood });
}

/** Keeps today's diary on the device: the list shows it (marked pending), the queue sends it. */
export async function queueDiaryOffline(
  queryClient: QueryClient,
  userId: string,
  content: string,
  day: string,
): Promise<void> {
  await enqueueWrite({ kind: 'diary', userId, content, day });
  const user = queryClient.getQueryData<User>(userKeys.detail(userId));
  const entry: DiaryEntry = {
    id: `${PENDING_DIARY_ID_PREFIX}${day}`,
    date: day,
    dateCreated: new Date().toISOString(),
    content,
    isBackfilled: false,
    mood: user?.hasSetMoodToday && user.mood !== 'Unknown' ? user.mood : null,
  };
  putNewDiary(queryClient, userId, entry);
}

/** The signed-in user's writes on the device: those waiting, and those the server refused. */
export function usePendingWrites(): { waiting: PendingWrite[]; refused: PendingWrite[] } {
  const { userId } = useSession();
  const writes = useSyncExternalStore(subscribeWrites, getWritesSnapshot, getWritesSnapshot);
  return useMemo(() => {
    const own = writes.filter((write) => write.userId === userId);
    return {
      waiting: own.filter((write) => !write.refused),
      refused: own.filter((write) => write.refused),
    };
  }, [writes, userId]);
}
