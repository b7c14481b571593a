import { StorageFull } from './storage-full';

/**
 * Where the server is in its life, for GET /api/ready (decision 044): 'starting' while the
 * database is migrated and the data keys checked (the server already listens), 'ready' after,
 * 'stopping' from the stop signal on. Until 'ready', every API route but /api/health and
 * /api/ready answers 503.
 */
export type ReadinessState = 'starting' | 'ready' | 'stopping';

export class Readiness {
  #state: ReadinessState;
  /** Writes failing for lack of space: not ready until there is room (decision 064). */
  readonly storage = new StorageFull();

  constructor(state: ReadinessState = 'ready') {
    this.#state = state;
  }

  get state(): ReadinessState {
    return this.#state;
  }

  /** Start is done; a server already stopping stays stopping. */
  markReady(): void {
    if (this.#state === 'starting') this.#state = 'ready';
  }

  markStopping(): void {
    this.#state = 'stopping';
  }
}
