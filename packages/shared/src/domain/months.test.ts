import { describe, expect, it } from 'vitest';
import { addMonths, monthOf, monthRange, sameDateMonthsBefore } from './months';

describe('addMonths', () => {
  it('steps across a year end both ways', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -14)).toBe('2025-01');
    expect(addMonths('2026-03', 0)).toBe('2026-03');
  });
});

describe('monthRange', () => {
  it('ends each month on its own last day, 29 February in a leap year', () => {
    expect(monthRange('2026-01')).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(monthRange('2026-04')).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(monthRange('2026-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(monthRange('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthRange('2000-02').end).toBe('2000-02-29');
    expect(monthRange('2100-02').end).toBe('2100-02-28');
  });

  it('is the month of its own days', () => {
    expect(monthOf(monthRange('2026-11').end)).toBe('2026-11');
  });
});

describe('sameDateMonthsBefore', () => {
  it('keeps the day of the month, across a year end', () => {
    expect(sameDateMonthsBefore('2026-03-18', 1)).toBe('2026-02-18');
    expect(sameDateMonthsBefore('2026-01-15', 1)).toBe('2025-12-15');
    expect(sameDateMonthsBefore('2026-03-18', 12)).toBe('2025-03-18');
  });

  it('answers none when the month has no such day, never its last day instead', () => {
    expect(sameDateMonthsBefore('2026-03-31', 1)).toBeNull();
    expect(sameDateMonthsBefore('2026-03-29', 1)).toBeNull();
    expect(sameDateMonthsBefore('2028-03-29', 1)).toBe('2028-02-29');
    expect(sameDateMonthsBefore('2026-05-31', 1)).toBeNull();
    expect(sameDateMonthsBefore('2026-07-31', 1)).toBeNull();
    expect(sameDateMonthsBefore('2026-08-31', 1)).toBe('2026-07-31');
  });

  it('answers none a year after a leap day, and the leap day four years on', () => {
    expect(sameDateMonthsBefore('2029-02-28', 12)).toBe('2028-02-28');
    expect(sameDateMonthsBefore('2028-02-29', 12)).toBeNull();
    expect(sameDateMonthsBefore('2032-02-29', 48)).toBe('2028-02-29');
    expect(sameDateMonthsBefore('2028-03-01', 12)).toBe('2027-03-01');
  });
});
