import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  getWeekday,
  getWeekRange,
  isLocalDate,
  isLocalDateOfInstant,
  isValidTimeZone,
  listDates,
  toLocalDate,
} from './dates';
import { canonicalTimeZone } from './dates';

describe('toLocalDate', () => {
  it('reads the same instant as three different dates around the world', () => {
    const instant = new Date('2026-03-10T10:30:00Z');
    expect(toLocalDate(instant, 'Pacific/Kiritimati')).toBe('2026-03-11'); // UTC+14
    expect(toLocalDate(instant, 'UTC')).toBe('2026-03-10');
    expect(toLocalDate(instant, 'Pacific/Pago_Pago')).toBe('2026-03-09'); // UTC-11
  });

  it('turns the day at local midnight in Pacific/Kiritimati (UTC+14)', () => {
    expect(toLocalDate(new Date('2026-03-10T09:59:59.999Z'), 'Pacific/Kiritimati')).toBe(
      '2026-03-10',
    );
    expect(toLocalDate(new Date('2026-03-10T10:00:00.000Z'), 'Pacific/Kiritimati')).toBe(
      '2026-03-11',
    );
    expect(toLocalDate(new Date('2025-12-31T10:00:00.000Z'), 'Pacific/Kiritimati')).toBe(
      '2026-01-01',
    );
  });

  it('turns the day at local midnight in America/Los_Angeles, before and after DST starts', () => {
    // Winter, PST (UTC-8).
    expect(toLocalDate(new Date('2026-01-15T07:59:59.999Z'), 'America/Los_Angeles')).toBe(
      '2026-01-14',
    );
    expect(toLocalDate(new Date('2026-01-15T08:00:00.000Z'), 'America/Los_Angeles')).toBe(
      '2026-01-15',
    );
    // DST starts on 2026-03-08 at 10:00Z; that day's midnight was still PST.
    expect(toLocalDate(new Date('2026-03-08T07:59:59.999Z'), 'America/Los_Angeles')).toBe(
      '2026-03-07',
    );
    expect(toLocalDate(new Date('2026-03-08T08:00:00.000Z'), 'America/Los_Angeles')).toBe(
      '2026-03-08',
    );
    // The next midnight is PDT (UTC-7), an hour earlier in UTC.
    expect(toLocalDate(new Date('2026-03-09T06:59:59.999Z'), 'America/Los_Angeles')).toBe(
      '2026-03-08',
    );
    expect(toLocalDate(new Date('2026-03-09T07:00:00.000Z'), 'America/Los_Angeles')).toBe(
      '2026-03-09',
    );
  });

  it('follows the 23-hour spring day and the 25-hour autumn day of Europe/Berlin', () => {
    // 2026-03-29: midnight is CET (23:00Z the day before), the next midnight CEST (22:00Z).
    expect(toLocalDate(new Date('2026-03-28T22:59:59.999Z'), 'Europe/Berlin')).toBe('2026-03-28');
    expect(toLocalDate(new Date('2026-03-28T23:00:00.000Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(toLocalDate(new Date('2026-03-29T01:30:00.000Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(toLocalDate(new Date('2026-03-29T21:59:59.999Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(toLocalDate(new Date('2026-03-29T22:00:00.000Z'), 'Europe/Berlin')).toBe('2026-03-30');
    // 2026-10-25: midnight is CEST (22:00Z the day before), the next midnight CET (23:00Z).
    expect(toLocalDate(new Date('2026-10-24T21:59:59.999Z'), 'Europe/Berlin')).toBe('2026-10-24');
    expect(toLocalDate(new Date('2026-10-24T22:00:00.000Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(toLocalDate(new Date('2026-10-25T22:59:59.999Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(toLocalDate(new Date('2026-10-25T23:00:00.000Z'), 'Europe/Berlin')).toBe('2026-10-26');
  });

  it('accepts a millisecond timestamp as well as a Date', () => {
    const ms = Date.parse('2026-03-10T23:30:00Z');
    expect(toLocalDate(ms, 'UTC')).toBe('2026-03-10');
    expect(toLocalDate(ms, 'Europe/Berlin')).toBe('2026-03-11');
  });

  it('throws for a time zone the runtime does not know', () => {
    expect(() => toLocalDate(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });

  it('throws for an invalid instant, as Intl does', () => {
    expect(() => toLocalDate(Number.NaN, 'UTC')).toThrow(RangeError);
    expect(() => toLocalDate(new Date('not a date'), 'Europe/Berlin')).toThrow(RangeError);
  });

  // toLocalDate keeps each zone's date for the minute of UTC last asked for. That holds only if no
  // local date turns inside a minute: these find, with ICU's own answer, where sampled days of
  // every zone the runtime knows begin, from 1980 to 2040, and check that each is a whole minute,
  // and that toLocalDate gives ICU's date on each side of it, in the same minute as a call before.
  const icuDate = (ms: number, zone: string) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(ms);
    const get = (type: string) => parts.find((p) => p.type === type)!.value;
    return `${get('year')}-${get('month')}-${get('day')}`;
  };
  /** The first millisecond after `from` whose date differs from from's (within 27 hours). */
  const nextDayStart = (from: number, zone: string, fmt: (ms: number) => string) => {
    const first = fmt(from);
    let [low, high] = [from, from + 27 * 3_600_000];
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (fmt(mid) === first) low = mid;
      else high = mid;
    }
    return high;
  };

  it('turns every zone’s day on a whole minute from 1980 on, where it keeps the last minute’s date', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length).toBeGreaterThan(300);
    let seed = 18;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(1980, 0, 1);
    const span = Date.UTC(2040, 0, 1) - from;
    const misses: string[] = [];
    for (const zone of zones) {
      const formatter = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      for (let sample = 0; sample < 6; sample += 1) {
        const start = from + Math.floor(random() * span);
        const turn = nextDayStart(start, zone, (ms) => formatter.format(ms));
        if (turn % 60_000 !== 0) misses.push(`${zone} turns at ${new Date(turn).toISOString()}`);
        // The minute before the turn, asked for twice, then the turn: ICU's dates each time.
        const seen = [turn - 60_000, turn - 1, turn, turn + 59_999].map((ms) => [
          toLocalDate(ms, zone),
          icuDate(ms, zone),
        ]);
        for (const [ours, icu] of seen) if (ours !== icu) misses.push(`${zone}: ${ours} ≠ ${icu}`);
      }
    }
    expect(misses).toEqual([]);
    // Some 2,500 zone-days with ICU asked each minute: 2 to 4 s alone, 12 s on a busy machine,
    // past the shared project's default 5 s (it does not take the root's testTimeout).
  }, 30_000);

  it('follows a day that turned mid-minute before 1980 (Monrovia, UTC−0:44:30 until 1972)', () => {
    // 1971-06-01 began at 00:44:30Z in Africa/Monrovia.
    const turn = Date.UTC(1971, 5, 1, 0, 44, 30);
    expect(toLocalDate(turn - 1_000, 'Africa/Monrovia')).toBe('1971-05-31');
    expect(toLocalDate(turn, 'Africa/Monrovia')).toBe('1971-06-01');
    expect(toLocalDate(turn - 1, 'Africa/Monrovia')).toBe('1971-05-31');
  });
});

describe('isValidTimeZone', () => {
  it.each(['UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata'])(
    'knows %s',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(true);
    },
  );

  it.each([
    ['an unknown zone', 'Mars/Olympus'],
    ['a misspelt zone', 'Europe/Berln'],
    ['an empty string', ''],
    ['a name over 64 characters', `Europe/${'x'.repeat(60)}`],
    ['not a string', 42 as unknown as string],
    // Intl would take a missing zone for the runtime's own.
    ['no zone at all', undefined as unknown as string],
    ['null', null as unknown as string],
  ])('refuses %s', (_label, zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
  });
});

describe('isLocalDate', () => {
  it.each(['2026-03-10', '2024-02-29', '2000-02-29', '2026-12-31'])('accepts %s', (value) => {
    expect(isLocalDate(value)).toBe(true);
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-3-10',
    '2026-03-10T00:00',
    ' 2026-03-10',
    '',
    // Date reads an expanded year and a month alone, and writes it back the same way.
    '+010000-01',
  ])('refuses %j', (value) => {
    expect(isLocalDate(value)).toBe(false);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-03-10', 0, '2026-03-10'],
    ['2026-03-10', 1, '2026-03-11'],
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-29', 1, '2024-03-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-01-01', 366, '2025-01-01'],
    ['2025-01-01', 365, '2026-01-01'],
    // The DST days of Europe/Berlin and America/Los_Angeles are ordinary calendar days.
    ['2026-03-28', 2, '2026-03-30'],
    ['2026-10-25', 1, '2026-10-26'],
    ['2026-03-08', -7, '2026-03-01'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });
});

describe('getWeekday and daysBetween', () => {
  it('numbers Sunday 0 to Saturday 6', () => {
    expect(getWeekday('2026-03-08')).toBe(0);
    expect(getWeekday('2026-03-10')).toBe(2);
    expect(getWeekday('2026-03-14')).toBe(6);
  });

  it('counts whole days, negative backwards, across DST and leap years', () => {
    expect(daysBetween('2026-03-10', '2026-03-10')).toBe(0);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
  });
});

describe('getWeekRange', () => {
  it.each(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-13', '2026-03-14'])(
    'puts %s in the week Sunday 2026-03-08 to Saturday 2026-03-14',
    (date) => {
      expect(getWeekRange(date)).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    },
  );

  it('starts a new week on Sunday', () => {
    expect(getWeekRange('2026-03-15')).toEqual({ start: '2026-03-15', end: '2026-03-21' });
  });

  it('spans a year end and a leap day', () => {
    expect(getWeekRange('2026-01-01')).toEqual({ start: '2025-12-28', end: '2026-01-03' });
    expect(getWeekRange('2024-02-29')).toEqual({ start: '2024-02-25', end: '2024-03-02' });
  });

  it('always runs from a Sunday to a Saturday, 7 days', () => {
    for (let i = 0; i < 30; i += 1) {
      const { start, end } = getWeekRange(addDays('2026-03-01', i));
      expect(getWeekday(start)).toBe(0);
      expect(getWeekday(end)).toBe(6);
      expect(daysBetween(start, end)).toBe(6);
    }
  });
});

describe('listDates', () => {
  it('lists every date from start to end inclusive', () => {
    expect(listDates('2026-03-08', '2026-03-14')).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
  });

  it('lists one date when start is end, and none when end is earlier', () => {
    expect(listDates('2026-03-10', '2026-03-10')).toEqual(['2026-03-10']);
    expect(listDates('2026-03-10', '2026-03-09')).toEqual([]);
    expect(listDates('2026-03-10', '2026-01-01')).toEqual([]);
  });

  it('lists none when a date is not a date', () => {
    expect(listDates('not a date', '2026-03-10')).toEqual([]);
    expect(listDates('2026-03-10', '')).toEqual([]);
  });

  it('crosses a leap day', () => {
    expect(listDates('2024-02-28', '2024-03-01')).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });
});

describe('canonicalTimeZone', () => {
  it('fixes the letter case and keeps aliases as given', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });
});

describe('isLocalDateOfInstant', () => {
  const instant = Date.parse('2026-03-10T12:00:00Z');

  it('holds for the date of the instant in the zones behind and ahead of UTC', () => {
    expect(isLocalDateOfInstant('2026-03-10', instant)).toBe(true);
    expect(isLocalDateOfInstant('2026-03-11', Date.parse('2026-03-10T10:00:00Z'))).toBe(true); // UTC+14
    expect(isLocalDateOfInstant('2026-03-09', Date.parse('2026-03-10T11:59:00Z'))).toBe(true); // UTC-12
    expect(
      isLocalDateOfInstant(toLocalDate(instant, 'Pacific/Kiritimati'), new Date(instant)),
    ).toBe(true);
  });

  it('fails for a date no time zone had at that instant', () => {
    expect(isLocalDateOfInstant('2026-03-11', Date.parse('2026-03-10T09:59:00Z'))).toBe(false);
    expect(isLocalDateOfInstant('2026-03-09', Date.parse('2026-03-10T12:00:00Z'))).toBe(false);
    expect(isLocalDateOfInstant('2026-02-14', instant)).toBe(false);
  });
});
