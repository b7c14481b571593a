import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatClockTime,
  formatCompletedDate,
  formatLongDate,
  formatLongLocalDate,
  formatNumber,
  formatSpokenNumber,
  getInitials,
  getTodayIn,
} from './format';

describe('format', () => {
  it('writes numbers the German way', () => {
    expect(formatNumber(50000)).toBe('50.000');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(0)).toBe('0');
  });

  it('writes the spoken form of a number the English way, so a voice reads thousands', () => {
    expect(formatSpokenNumber(200000)).toBe('200,000');
    expect(formatSpokenNumber(1234567)).toBe('1,234,567');
    expect(formatSpokenNumber(2500)).toBe('2,500');
    expect(formatSpokenNumber(0)).toBe('0');
  });

  it('writes dates in US English', () => {
    const date = new Date(2024, 0, 5, 12);
    expect(formatLongDate(date)).toBe('January 5, 2024');
    expect(formatCompletedDate(date)).toBe('Friday, January 5, 2024');
  });

  it('makes initials for an avatar', () => {
    expect(getInitials('Ada Lovelace')).toBe('AL');
    expect(getInitials('  grace  ')).toBe('G');
    expect(getInitials('Mary Ann Evans')).toBe('ME');
    expect(getInitials('')).toBe('?');
    expect(getInitials(null)).toBe('?');
  });

  it('writes a calendar date the same in every time zone', () => {
    expect(formatLongLocalDate('2024-01-05')).toBe('January 5, 2024');
    expect(formatLongLocalDate('2024-12-31')).toBe('December 31, 2024');
  });

  it('shows a 12-hour clock in the given time zone', () => {
    const instant = new Date('2024-05-14T20:05:03Z');
    expect(formatClockTime(instant, 'UTC')).toBe('8:05:03 PM');
    expect(formatClockTime(instant, 'Asia/Tokyo')).toBe('5:05:03 AM');
  });

  it("tells today's date in the user's time zone", () => {
    const instant = new Date('2024-05-14T23:30:00Z');
    expect(getTodayIn('UTC', instant)).toBe('2024-05-14');
    expect(getTodayIn('Europe/Berlin', instant)).toBe('2024-05-15');
    expect(getTodayIn('America/Los_Angeles', instant)).toBe('2024-05-14');
  });
});

describe('countOf', () => {
  it('counts in the singular for one only', () => {
    expect(countOf(1, 'task')).toBe('1 task');
    expect(countOf(0, 'task')).toBe('0 tasks');
    expect(countOf(2, 'diary entry', 'diary entries')).toBe('2 diary entries');
  });
});
