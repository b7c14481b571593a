import type { Clock } from '../src/lib/clock';

/** A clock the test moves by hand, to cross days and time zones. */
export class TestClock implements Clock {
  private current: number;

  constructor(start: string | Date = '2026-03-10T12:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: string | Date): void {
    this.current = new Date(instant).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceDays(days: number): void {
    this.advance(days * 86_400_000);
  }
}
