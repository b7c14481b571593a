import { afterEach, describe, expect, it } from 'vitest';
import { addDays, listDates, toLocalDate, type LocalDate } from './dates';
import {
  formatStreakSummary,
  getForgivingStreak,
  REST_DAYS_PER_MONTH,
  type ForgivingStreak,
} from './streak';

const TODAY = '2026-03-10';

/** Every date from start to end inclusive, except the missing ones. */
function written(start: LocalDate, end: LocalDate, missing: LocalDate[] = []): LocalDate[] {
  return listDates(start, end).filter((date) => !missing.includes(date));
}

function streak(days: number, restDays: LocalDate[] = [], usedThisMonth = 0): ForgivingStreak {
  return { days, restDaysUsedThisMonth: usedThisMonth, restDays };
}

describe('getForgivingStreak', () => {
  it('gives two rest days a month', () => {
    expect(REST_DAYS_PER_MONTH).toBe(2);
  });

  it('counts consecutive days, with no rest day, when no single day is missing', () => {
    const cases: [LocalDate[], number][] = [
      [[], 0],
      [[TODAY], 1],
      [['2026-03-08', '2026-03-09', TODAY], 3],
      [['2026-03-07', '2026-03-08', '2026-03-09'], 3],
      [['2026-03-06', '2026-03-07', '2026-03-08'], 0],
      [['2026-03-05', '2026-03-06', '2026-03-09', TODAY], 2],
      [[TODAY, '2026-03-08', '2026-03-09', '2026-03-09', '2026-03-11'], 3],
      [['2026-03-11'], 0],
      [written('2025-12-01', TODAY), 100],
    ];
    for (const [dates, days] of cases) {
      expect(getForgivingStreak(dates, TODAY)).toEqual(streak(days));
    }
  });

  it('bridges one missing day with a rest day that adds nothing to the count', () => {
    expect(getForgivingStreak(['2026-03-07', '2026-03-08', TODAY], TODAY)).toEqual(
      streak(3, ['2026-03-09'], 1),
    );
  });

  it('bridges two missing days in a month, and a third in that month ends the run', () => {
    const dates = written('2026-03-10', '2026-03-20', ['2026-03-18', '2026-03-15', '2026-03-12']);
    // 20, 19, (18), 17, 16, (15), 14, 13, then 12 would be March's third.
    expect(getForgivingStreak(dates, '2026-03-20')).toEqual(
      streak(6, ['2026-03-18', '2026-03-15'], 2),
    );
  });

  it('gives each month its own rest days across a month end', () => {
    const dates = written('2026-02-25', '2026-03-03', ['2026-02-28', '2026-03-02']);
    expect(getForgivingStreak(dates, '2026-03-03')).toEqual(
      streak(5, ['2026-03-02', '2026-02-28'], 1),
    );
  });

  it("charges a rest day to the missing day's month, not to the month of the entry after it", () => {
    // March's two are spent on the 5th and the 3rd; the 1st would be March's third.
    const marchFull = written('2026-02-20', '2026-03-06', ['2026-03-05', '2026-03-03']);
    expect(getForgivingStreak(marchFull, '2026-03-06')).toEqual(
      streak(13, ['2026-03-05', '2026-03-03'], 2),
    );
    expect(
      getForgivingStreak(
        marchFull.filter((date) => date !== '2026-03-01'),
        '2026-03-06',
      ),
    ).toEqual(streak(3, ['2026-03-05', '2026-03-03'], 2));
    // February 28th, missing as well, is February's first, and is bridged.
    expect(
      getForgivingStreak(
        marchFull.filter((date) => date !== '2026-02-28'),
        '2026-03-06',
      ),
    ).toEqual(streak(12, ['2026-03-05', '2026-03-03', '2026-02-28'], 2));
  });

  it('ends at two missing days in a row, whatever rest days are left', () => {
    expect(getForgivingStreak(['2026-03-05', '2026-03-06', '2026-03-07', TODAY], TODAY)).toEqual(
      streak(1),
    );
  });

  it('counts a run ending yesterday while today has no entry yet, and bridges gaps before it', () => {
    expect(getForgivingStreak(['2026-03-07', '2026-03-08', '2026-03-09'], TODAY)).toEqual(
      streak(3),
    );
    expect(getForgivingStreak(['2026-03-06', '2026-03-08', '2026-03-09'], TODAY)).toEqual(
      streak(3, ['2026-03-07'], 1),
    );
  });

  it('is 0 when today and yesterday both have no entry, however long the run before', () => {
    expect(getForgivingStreak(written('2026-01-01', '2026-03-08'), TODAY)).toEqual(streak(0));
  });

  it('never makes the run end on a rest day', () => {
    const march = written('2026-03-01', '2026-03-30');
    // April 1st has no entry yet and March 31st none: yesterday cannot be a rest day.
    expect(getForgivingStreak(march, '2026-04-01')).toEqual(streak(0));
    // Once today is written, March 31st lies between two entries and is bridged.
    expect(getForgivingStreak([...march, '2026-04-01'], '2026-04-01')).toEqual(
      streak(31, ['2026-03-31'], 0),
    );
  });

  it('mends the gap when the missing day is back-filled: the rest day is freed, a day is added', () => {
    const gap = ['2026-03-07', '2026-03-08', TODAY];
    expect(getForgivingStreak(gap, TODAY)).toEqual(streak(3, ['2026-03-09'], 1));
    expect(getForgivingStreak([...gap, '2026-03-09'], TODAY)).toEqual(streak(4));

    // The freed rest day then bridges a gap further back that had ended the run.
    const threeGaps = written('2026-03-10', '2026-03-20', [
      '2026-03-18',
      '2026-03-15',
      '2026-03-12',
    ]);
    expect(getForgivingStreak(threeGaps, '2026-03-20').days).toBe(6);
    expect(getForgivingStreak([...threeGaps, '2026-03-15'], '2026-03-20')).toEqual(
      streak(9, ['2026-03-18', '2026-03-12'], 2),
    );
  });

  it('runs across the year end, keeping the months of two years apart', () => {
    expect(getForgivingStreak(['2025-12-30', '2026-01-01'], '2026-01-01')).toEqual(
      streak(2, ['2025-12-31'], 0),
    );
    const dates = written('2025-12-27', '2026-01-03', ['2026-01-01', '2025-12-30', '2025-12-28']);
    expect(getForgivingStreak(dates, '2026-01-03')).toEqual(
      streak(5, ['2026-01-01', '2025-12-30', '2025-12-28'], 1),
    );
  });

  it('bridges a missing leap day, and finds no leap day in a common year', () => {
    expect(getForgivingStreak(['2024-02-27', '2024-02-28', '2024-03-01'], '2024-03-01')).toEqual(
      streak(3, ['2024-02-29'], 0),
    );
    expect(getForgivingStreak(['2023-02-27', '2023-02-28', '2023-03-01'], '2023-03-01')).toEqual(
      streak(3),
    );
    expect(getForgivingStreak(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01')).toEqual(
      streak(3),
    );
  });

  describe('time zones and daylight saving', () => {
    const originalTz = process.env.TZ;
    afterEach(() => {
      if (originalTz === undefined) delete process.env.TZ;
      else process.env.TZ = originalTz;
    });

    it('counts every day of a week around a daylight-saving change once', () => {
      // Europe springs forward on 03-29 and falls back on 10-25; the US on 03-08 and 11-01.
      const weeks: { change: LocalDate; end: LocalDate; usedThisMonth: number }[] = [
        { change: '2026-03-29', end: '2026-04-01', usedThisMonth: 0 },
        { change: '2026-03-08', end: '2026-03-11', usedThisMonth: 1 },
        { change: '2026-10-25', end: '2026-10-28', usedThisMonth: 1 },
        { change: '2026-11-01', end: '2026-11-04', usedThisMonth: 1 },
      ];
      for (const { change, end, usedThisMonth } of weeks) {
        const start = addDays(change, -3);
        expect(getForgivingStreak(written(start, end), end)).toEqual(streak(7));
        expect(getForgivingStreak(written(start, end, [change]), end)).toEqual(
          streak(6, [change], usedThisMonth),
        );
      }
    });

    it('counts all 365 days of 2026, both changes included, in any server zone', () => {
      for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe']) {
        process.env.TZ = zone;
        expect(getForgivingStreak(written('2026-01-01', '2026-12-31'), '2026-12-31')).toEqual(
          streak(365),
        );
        expect(
          getForgivingStreak(written('2026-03-01', '2026-03-31', ['2026-03-29']), '2026-03-31'),
        ).toEqual(streak(30, ['2026-03-29'], 1));
      }
    });

    it('counts each day once when the entries are dated in the zone they were written in', () => {
      // Written every day at 20:00 UTC: 21:00 or 22:00 in Berlin, 15:00 or 16:00 in New York.
      const instants = listDates('2026-03-05', '2026-04-02').map((d) =>
        Date.parse(`${d}T20:00:00Z`),
      );
      for (const zone of ['Europe/Berlin', 'America/New_York']) {
        const dates = instants.map((at) => toLocalDate(at, zone));
        expect(getForgivingStreak(dates, '2026-04-02')).toEqual(streak(29));
      }
    });

    it('counts a date written in two zones once', () => {
      // Tokyo (UTC+9) to Honolulu (UTC-10): 2026-03-05 comes twice.
      const dates = [
        toLocalDate(Date.parse('2026-03-03T00:00:00Z'), 'Asia/Tokyo'),
        toLocalDate(Date.parse('2026-03-04T00:00:00Z'), 'Asia/Tokyo'),
        toLocalDate(Date.parse('2026-03-05T00:00:00Z'), 'Asia/Tokyo'),
        toLocalDate(Date.parse('2026-03-06T06:00:00Z'), 'Pacific/Honolulu'),
        toLocalDate(Date.parse('2026-03-07T06:00:00Z'), 'Pacific/Honolulu'),
      ];
      expect(dates).toEqual(['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-05', '2026-03-06']);
      expect(getForgivingStreak(dates, '2026-03-06')).toEqual(streak(4));
    });

    it('bridges a date the move skipped with a rest day', () => {
      // Los Angeles (UTC-8) to Tokyo (UTC+9): the night flight swallows 2026-03-06.
      const dates = [
        toLocalDate(Date.parse('2026-03-05T04:00:00Z'), 'America/Los_Angeles'),
        toLocalDate(Date.parse('2026-03-06T04:00:00Z'), 'America/Los_Angeles'),
        toLocalDate(Date.parse('2026-03-07T12:00:00Z'), 'Asia/Tokyo'),
        toLocalDate(Date.parse('2026-03-08T12:00:00Z'), 'Asia/Tokyo'),
      ];
      expect(dates).toEqual(['2026-03-04', '2026-03-05', '2026-03-07', '2026-03-08']);
      expect(getForgivingStreak(dates, '2026-03-08')).toEqual(streak(4, ['2026-03-06'], 1));
    });
  });

  it("counts in restDaysUsedThisMonth only the rest days of today's month", () => {
    const dates = written('2026-02-20', '2026-03-04', ['2026-03-02', '2026-02-26', '2026-02-23']);
    const result = getForgivingStreak(dates, '2026-03-04');
    expect(result.restDays).toEqual(['2026-03-02', '2026-02-26', '2026-02-23']);
    expect(result.restDaysUsedThisMonth).toBe(1);
  });

  it("gives decision 072's worked example", () => {
    const dates = ['2026-03-04', '2026-03-05', '2026-03-07', '2026-03-08', '2026-03-10'];
    const result = getForgivingStreak(dates, '2026-03-10');
    expect(result).toEqual(streak(5, ['2026-03-09', '2026-03-06'], 2));
    expect(formatStreakSummary(result)).toBe('5 days, 2 rest days used this month');
  });

  it('accepts any iterable of dates', () => {
    expect(getForgivingStreak(new Set(['2026-03-08', TODAY]), TODAY)).toEqual(
      streak(2, ['2026-03-09'], 1),
    );
  });
});

describe('formatStreakSummary', () => {
  it('names the days, and the rest days used this month when there are any', () => {
    expect(formatStreakSummary({ days: 21, restDaysUsedThisMonth: 1 })).toBe(
      '21 days, 1 rest day used this month',
    );
    expect(formatStreakSummary({ days: 3, restDaysUsedThisMonth: 2 })).toBe(
      '3 days, 2 rest days used this month',
    );
    expect(formatStreakSummary({ days: 21, restDaysUsedThisMonth: 0 })).toBe('21 days');
    expect(formatStreakSummary({ days: 1, restDaysUsedThisMonth: 0 })).toBe('1 day');
    expect(formatStreakSummary({ days: 0, restDaysUsedThisMonth: 0 })).toBe('0 days');
  });

  it("says what the rule did to a user's month", () => {
    const dates = written('2026-03-01', '2026-03-22', ['2026-03-15']);
    expect(formatStreakSummary(getForgivingStreak(dates, '2026-03-22'))).toBe(
      '21 days, 1 rest day used this month',
    );
  });
});
