import { describe, expect, it } from 'vitest';
import { getFilterStatus, getLocalMidnightMs } from './task-filters';

describe('getLocalMidnightMs', () => {
  it('answers local midnight of the picked day', () => {
    const ms = getLocalMidnightMs('2024-03-09')!;
    const date = new Date(ms);
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2024, 2, 9]);
    expect([date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds()]).toEqual(
      [0, 0, 0, 0],
    );
    expect(ms).toBe(new Date(2024, 2, 9).getTime());
  });

  it('answers undefined for an empty or impossible value', () => {
    expect(getLocalMidnightMs('')).toBeUndefined();
    expect(getLocalMidnightMs('2024-02-30')).toBeUndefined();
    expect(getLocalMidnightMs('9.3.2024')).toBeUndefined();
  });

  it('answers undefined for the years a date input passes through while a year is typed', () => {
    for (const year of ['0002', '0020', '0202', '1999']) {
      expect(getLocalMidnightMs(`${year}-03-14`)).toBeUndefined();
    }
    expect(getLocalMidnightMs('2000-01-01')).toBe(new Date(2000, 0, 1).getTime());
  });
});

describe('getFilterStatus', () => {
  it('sends an empty status for All', () => {
    expect(getFilterStatus('all')).toBe('');
    expect(getFilterStatus('ongoing')).toBe('OnGoing');
    expect(getFilterStatus('completed')).toBe('Completed');
  });
});
