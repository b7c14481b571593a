import type { ChosenMood, CreateCheckInBody } from '@wellspring/shared';

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
/** A quick check-in (decision 073): taken now (its takenAt keeps the moment) or for a past day. */
interface CheckInWrite extends WriteBase {
  kind: 'checkIn';
  body: CreateCheckInBody;
}
export type PendingWrite = MoodWrite | DiaryWrite | CheckInWrite;
type Unsent<W> = Omit<W, 'seq' | 'createdAt'>;
export type NewWrite = Unsent<MoodWrite> | Unsent<DiaryWrite> | Unsent<CheckInWrite>;
