import { describe, expect, it } from 'vitest';
import { localInstant } from './local-instant';

describe('localInstant', () => {
  it('reads a wall clock time in the zone it was shown in', () => {
    expect(localInstant('2026-01-15', '08:30', 'Europe/Paris').toISOString()).toBe(
      '2026-01-15T07:30:00.000Z',
    );
    expect(localInstant('2026-07-15', '08:30', 'Europe/Paris').toISOString()).toBe(
      '2026-07-15T06:30:00.000Z',
    );
    expect(localInstant('2026-07-15', '23:59', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-07-15T09:59:00.000Z',
    );
    expect(localInstant('2026-07-15', '00:00', 'UTC').toISOString()).toBe(
      '2026-07-15T00:00:00.000Z',
    );
  });

  it('reads a time the clocks skipped an hour later, and a time shown twice as its first', () => {
    // Paris went from 02:00 to 03:00 on 29 March 2026, and from 03:00 back to 02:00 on 25 October.
    expect(localInstant('2026-03-29', '02:30', 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(localInstant('2026-10-25', '02:30', 'Europe/Paris').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});
