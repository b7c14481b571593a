// Whether the database can write, as far as the server has seen: set by a write that failed for
// lack of space, cleared once there is room again. /api/ready reports it. Decision 064.
import { statfsSync } from 'node:fs';

/** PostgreSQL's SQLSTATE disk_full: "could not extend file …: No space left on device". */
export const DISK_FULL_SQLSTATE = '53100';

/**
 * Free space the embedded database's disk needs before writes are sent again: a few of
 * PostgreSQL's 16 MB write-ahead log segments, so the next checkpoint and table growth fit.
 */
export const ROOM_TO_WRITE_BYTES = 64 * 1024 * 1024;

/** How long a PostgreSQL server (whose disk cannot be looked at from here) counts as full. */
export const FULL_FOR_MS = 30_000;

export class StorageFull {
  #since: number | undefined;
  #dir: string | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** The embedded database's folder: its disk's free space says when writes can resume. */
  watch(dir: string): void {
    this.#dir = dir;
  }

  /** A write failed with disk_full. */
  markFull(): void {
    this.#since = this.now();
  }

  /** Is the database still unable to write? Clears itself once there is room again. */
  get full(): boolean {
    if (this.#since === undefined) return false;
    if (
      this.#dir
        ? freeBytes(this.#dir) >= ROOM_TO_WRITE_BYTES
        : this.now() - this.#since >= FULL_FOR_MS
    ) {
      this.#since = undefined;
    }
    return this.#since !== undefined;
  }
}

function freeBytes(dir: string): number {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return 0; // A folder that cannot be read is no room to write.
  }
}
