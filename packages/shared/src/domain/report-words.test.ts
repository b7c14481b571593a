import { describe, expect, it } from 'vitest';
import {
  countInWords,
  formatDay,
  formatDayRange,
  formatMonth,
  formatShare,
  itemNineFlag,
  percentOf,
} from './report-words';

describe('the report in words', () => {
  it('writes a day and a month as a clinician reads them', () => {
    expect(formatDay('2026-09-01')).toBe('1 September 2026');
    expect(formatDay('2024-02-29')).toBe('29 February 2024');
    expect(formatMonth('2026-12')).toBe('December 2026');
  });

  it('says the month and the year of a run once where they are shared', () => {
    expect(formatDayRange('2026-10-03', '2026-10-05')).toBe('3 to 5 October 2026');
    expect(formatDayRange('2026-09-30', '2026-10-02')).toBe('30 September to 2 October 2026');
    expect(formatDayRange('2026-12-30', '2027-01-02')).toBe('30 December 2026 to 2 January 2027');
  });

  it('counts in words, with thousands separated', () => {
    expect(countInWords(1, 'day')).toBe('1 day');
    expect(countInWords(3, 'day')).toBe('3 days');
    expect(countInWords(1827, 'day')).toBe('1,827 days');
  });

  it('gives a share to one decimal, and 0 of nothing', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('the report’s own sentences', () => {
  it('writes a share and the item-9 flag as the PDF and the preview both show them', () => {
    expect(formatShare(1, 8)).toBe('12.5%');
    expect(formatShare(0, 0)).toBe('0.0%');
    expect(itemNineFlag('Several days')).toBe('Item 9 (thoughts of self-harm): Several days');
  });
});
