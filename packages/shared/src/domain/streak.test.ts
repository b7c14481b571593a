import { describe, expect, it } from 'vitest';
import { getDiaryStreak } from './streak';

const TODAY = '2026-03-10';

describe('getDiaryStreak', () => {
  it('is 0 with no entries', () => {
    expect(getDiaryStreak([], TODAY)).toBe(0);
  });

  it('is 1 with only today', () => {
    expect(getDiaryStreak([TODAY], TODAY)).toBe(1);
  });

  it('counts consecutive days ending today', () => {
    expect(getDiaryStreak(['2026-03-08', '2026-03-09', TODAY], TODAY)).toBe(3);
  });

  it('still counts a run ending yesterday while today has no entry yet', () => {
    expect(getDiaryStreak(['2026-03-09'], TODAY)).toBe(1);
    expect(getDiaryStreak(['2026-03-07', '2026-03-08', '2026-03-09'], TODAY)).toBe(3);
  });

  it('is 0 when the latest entry is two days ago', () => {
    expect(getDiaryStreak(['2026-03-06', '2026-03-07', '2026-03-08'], TODAY)).toBe(0);
  });

  it('stops at the first gap', () => {
    expect(
      getDiaryStreak(['2026-03-05', '2026-03-06', '2026-03-08', '2026-03-09', TODAY], TODAY),
    ).toBe(3);
    expect(getDiaryStreak(['2026-03-08', TODAY], TODAY)).toBe(1);
  });

  it('ignores order, duplicates and entries after today', () => {
    expect(
      getDiaryStreak([TODAY, '2026-03-08', '2026-03-09', '2026-03-09', '2026-03-11'], TODAY),
    ).toBe(3);
    expect(getDiaryStreak(['2026-03-11'], TODAY)).toBe(0);
  });

  it('runs across month, year and leap-day boundaries', () => {
    expect(getDiaryStreak(['2025-12-30', '2025-12-31', '2026-01-01'], '2026-01-01')).toBe(3);
    expect(getDiaryStreak(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01')).toBe(3);
    expect(getDiaryStreak(['2023-02-27', '2023-02-28', '2023-03-01'], '2023-03-02')).toBe(3);
  });

  it('accepts any iterable of dates', () => {
    expect(getDiaryStreak(new Set(['2026-03-09', TODAY]), TODAY)).toBe(2);
  });
});
