import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work a long task does between two pauses: a request waits about this long for its turn. */
export const DEFAULT_SLICE_MS = 5;
/**
 * Turns of the event loop a pause takes. Node accepts one new connection per turn, so four turns
 * let in four, and cost next to nothing when nothing is waiting (decision 021 has the figures).
 */
const TURNS_PER_PAUSE = 4;

/**
 * Lets a long piece of work give the event loop back every few milliseconds, so timers, sockets
 * and other requests run in between. PGlite runs inside this process and answers with promises
 * that resolve at once: without a pause, a loop of queries never lets anything else in.
 *
 * A loop asks `isDue()` (cheap) and awaits `pause()` only when it says so.
 */
export class TimeSlicer {
  private sliceStart = performance.now();

  constructor(private readonly sliceMs = DEFAULT_SLICE_MS) {}

  /** True once the current slice has run its time. */
  isDue(): boolean {
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  /** Gives the event loop a few turns and starts a new slice. */
  async pause(): Promise<void> {
    for (let turn = 0; turn < TURNS_PER_PAUSE; turn += 1) await nextTurn();
    this.sliceStart = performance.now();
  }

  /** Pauses when the slice has run its time. */
  async pauseIfDue(): Promise<void> {
    if (this.isDue()) await this.pause();
  }
}
