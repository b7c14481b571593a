import type { ChosenMood } from '@wellspring/shared';

/*
 * One write made offline, as it waits on the device (decision 042): the queue stores it, the
 * screens' copy holds it, the sync sends it. Its own file, so that none of those imports another
 * for its shape.
 */

interface WriteBase {
  /** IndexedDB's key: the order the writes were made in. */
  seq?: number;
  userId: string;
  /** When it was made (ISO), for the pending mark. */
  createdAt: string;
  /** Set once the server refused it: the write is then kept only to be shown, never sent. */
  refused?: { status: number; code: string };
}
interface MoodWrite extends WriteBase {
  kind: 'mood';
  mood: ChosenMood;
}
interface DiaryWrite extends WriteBase {
  kind: 'diary';
  content: string;
  /** The user's day the entry was written for ('YYYY-MM-DD'). */
  day: string;
}
export type PendingWrite = MoodWrite | DiaryWrite;
export type NewWrite = Omit<MoodWrite, 'seq' | 'createdAt'> | Omit<DiaryWrite, 'seq' | 'createdAt'>;
