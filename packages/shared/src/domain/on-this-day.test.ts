import { describe, expect, it } from 'vitest';
import { excerptOf, ON_THIS_DAY_EXCERPT_LENGTH, onThisDayDates } from './on-this-day';

describe('onThisDayDates', () => {
  it('looks back a month and a year, a month ago first', () => {
    expect(onThisDayDates('2026-03-18')).toEqual([
      { date: '2026-02-18', label: 'A month ago' },
      { date: '2025-03-18', label: 'A year ago' },
    ]);
  });

  it('leaves out a date the month or the year before does not have', () => {
    expect(onThisDayDates('2026-03-31')).toEqual([{ date: '2025-03-31', label: 'A year ago' }]);
    expect(onThisDayDates('2028-02-29')).toEqual([{ date: '2028-01-29', label: 'A month ago' }]);
    expect(onThisDayDates('2028-03-29')).toEqual([
      { date: '2028-02-29', label: 'A month ago' },
      { date: '2027-03-29', label: 'A year ago' },
    ]);
  });
});

describe('excerptOf', () => {
  it('keeps a short entry whole', () => {
    expect(excerptOf('A quiet day.')).toEqual({ excerpt: 'A quiet day.', isCut: false });
    const exact = 'a'.repeat(ON_THIS_DAY_EXCERPT_LENGTH);
    expect(excerptOf(exact)).toEqual({ excerpt: exact, isCut: false });
  });

  it('cuts a longer one after 280 characters, never inside an emoji', () => {
    expect(excerptOf('a'.repeat(281))).toEqual({ excerpt: 'a'.repeat(280), isCut: true });
    const emoji = '🌊'.repeat(300);
    const { excerpt, isCut } = excerptOf(emoji);
    expect(isCut).toBe(true);
    expect(excerpt).toBe('🌊'.repeat(280));
  });
});
