import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { addDays, type DiaryEntry } from '@wellspring/shared';
import { api, hasErrorCode, type SuccessBody } from './api-client';
import { patchUser } from './auth';
import { flushWrites, refreshWrites } from './offline-queue';
import type { PendingWrite } from './offline-write';
import { checkInKeys, diaryKeys, insightsKeys, userKeys } from './query-keys';

/*
 * Sends the writes made offline (offline-queue.ts) when the network is there (decision 042), and
 * refreshes what they change. A diary refused (already written, or too old) is checked against the
 * diary: when it is this very text, an earlier send arrived and only its answer was lost, so it
 * counts as sent (exactly once, never told as a refusal). A diary carries the time it was written,
 * so that one written before midnight is saved for its day (decision 057).
 */

/** How many entries around its day a refused diary is looked for among. */
const ALREADY_SAVED_LOOKUP = 3;

/**
 * Whether the entries of the write's day and the days beside it (a time zone changed since) hold
 * this very text: a page of them, never the whole diary (decision 085).
 */
async function isAlreadySaved(write: Extract<PendingWrite, { kind: 'diary' }>): Promise<boolean> {
  const body = await api.get<SuccessBody<DiaryEntry[]>>('/diary', {
    query: { id: write.userId, limit: ALREADY_SAVED_LOOKUP, before: addDays(write.day, 2) },
  });
  return body.data.some((entry) => entry.content === write.content);
}

export async function sendWrite(write: PendingWrite): Promise<void> {
  if (write.kind === 'mood') {
    await patchUser(write.userId, { mood: write.mood });
    return;
  }
  if (write.kind === 'checkIn') {
    await api.post('/check-ins', write.body, { query: { id: write.userId } });
    return;
  }
  try {
    // When it was written: one written before midnight and sent after it is that day's entry
    // (decision 057).
    await api.post('/diary', {
      content: write.content,
      id: write.userId,
      writtenAt: write.createdAt,
    });
  } catch (error) {
    // Refused as a second entry of its day, or as too old (sent again after its first answer was
    // lost, two days later): when the diary holds this very text, it was saved.
    const isRefused =
      hasErrorCode(error, 'DIARY_ALREADY_WRITTEN') || hasErrorCode(error, 'VALIDATION_ERROR');
    if (isRefused && (await isAlreadySaved(write))) return;
    throw error;
  }
}

/** Sends what waits, if online, and refreshes the user, the diary and the insights after. */
export async function syncWrites(queryClient: QueryClient, userId: string): Promise<void> {
  await refreshWrites();
  if (!onlineManager.isOnline()) return;
  const result = await flushWrites(sendWrite, userId);
  if (result.sent.length === 0 && result.refused.length === 0) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: diaryKeys.all }),
    queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
    queryClient.invalidateQueries({ queryKey: checkInKeys.all }),
  ]);
}
