// What was acknowledged: every write a 2xx answer arrived for, per user, and what went missing.
import { type Mood } from './settings';

export interface MoodWrite {
  seq: number;
  mood: Mood;
  /** UTC dates (the test users live in UTC) before the request left and after the answer came. */
  dates: string[];
  acked: boolean;
}

export interface TrackedUser {
  id: string;
  token: string;
  cycle: number;
  moods: MoodWrite[];
  goals: string[];
  /** Accepted tasks, with the UTC day they were accepted on (an OnGoing task expires after it). */
  tasks: Array<{ id: string; day: string }>;
  completed: string[];
  diaries: Array<{ id: string; content: string }>;
}

/** Every acknowledged write of a run, and the ones found missing. */
export class Ledger {
  users: TrackedUser[] = [];
  acknowledged = 0;
  readonly lost = new Set<string>();
  /** Goals whose points are not those of their completed tasks (a half-applied transaction). */
  readonly inconsistent = new Set<string>();
  readonly problems: string[] = [];

  ack() {
    this.acknowledged += 1;
  }

  loseOnce(key: string, detail: string) {
    if (this.lost.has(key)) return;
    this.lost.add(key);
    this.problems.push(`lost: ${detail}`);
  }
}

export const utcDate = () => new Date().toISOString().slice(0, 10);
