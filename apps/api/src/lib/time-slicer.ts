import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work a long task does between two turns of the event loop. Node accepts one new connection per
 * turn, so the turns must come often, not merely come: 5 ms lets in 200 new connections a second.
 */
export const DEFAULT_SLICE_MS = 5;

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

  /** Waits one turn of the event loop and starts a new slice. */
  async pause(): Promise<void> {
    await nextTurn();
    this.sliceStart = performance.now();
  }

  /** Pauses when the slice has run its time. */
  async pauseIfDue(): Promise<void> {
    if (this.isDue()) await this.pause();
  }
}
