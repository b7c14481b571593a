import { describe, expect, it } from 'vitest';
import { toLocalDate } from './local-date';

describe("the API's toLocalDate, kept for a minute", () => {
  it('answers each minute of three days and their time zone changes as Intl does, in any order', () => {
    const intlDate = (ms: number, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      })
        .formatToParts(ms)
        .filter((p) => p.type !== 'literal')
        .map((p) => p.value)
        .join('-');
    const zones = ['Europe/Berlin', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
    // The last moment of each minute, then its first: a date kept for a minute must not leak.
    const start = Date.parse('2026-03-28T00:00:00Z');
    for (let minute = 0; minute < 3 * 24 * 60; minute += 7) {
      for (const offset of [59_999, 0, 30_000]) {
        const ms = start + minute * 60_000 + offset;
        for (const zone of zones) expect(toLocalDate(ms, zone)).toBe(intlDate(ms, zone));
      }
    }
  });

  it('turns the day at the very millisecond of local midnight, Date or number', () => {
    expect(toLocalDate(new Date('2026-03-10T09:59:59.999Z'), 'Pacific/Kiritimati')).toBe(
      '2026-03-10',
    );
    expect(toLocalDate(Date.parse('2026-03-10T10:00:00.000Z'), 'Pacific/Kiritimati')).toBe(
      '2026-03-11',
    );
  });

  it('keeps a zone whose offset had seconds (Liberia, -0:44:30 until 1972) exact', () => {
    // Local midnight in Monrovia on 1971-06-02 was 00:44:30Z: one UTC minute holds two dates.
    expect(toLocalDate(Date.parse('1971-06-02T00:44:10Z'), 'Africa/Monrovia')).toBe('1971-06-01');
    expect(toLocalDate(Date.parse('1971-06-02T00:44:40Z'), 'Africa/Monrovia')).toBe('1971-06-02');
    expect(toLocalDate(Date.parse('1971-06-02T00:44:10Z'), 'Africa/Monrovia')).toBe('1971-06-01');
  });

  it('throws for a time zone the runtime does not know', () => {
    expect(() => toLocalDate(Date.now(), 'Mars/Olympus')).toThrow(RangeError);
  });
});
