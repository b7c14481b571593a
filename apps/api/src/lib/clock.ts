/** Where the server reads the time; tests pass their own to move across days. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
