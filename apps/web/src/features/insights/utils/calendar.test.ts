import { describe, expect, it } from 'vitest';
import { getDayLabel, getMonthWeeks, moveDate, shiftMonths, formatDayName } from './calendar';

const TODAY = '2026-03-18';

describe('the calendar dates', () => {
  it('lays a month out Monday first, with blanks around it', () => {
    // 1 March 2026 is a Sunday: six blanks, then the 1st on the first row's last cell.
    const weeks = getMonthWeeks(2026, 2);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(weeks.at(-1)).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(getMonthWeeks(2024, 1).flat().filter(Boolean)).toHaveLength(29);
  });

  it('names a day with its weekday', () => {
    expect(formatDayName('2026-03-03')).toBe('Tuesday 3 March 2026');
  });

  it('labels a day with its mood by name, its diary entry and its points', () => {
    expect(
      getDayLabel(
        '2026-03-03',
        { date: '2026-03-03', mood: 'Happy', checkInCount: 1, hasDiary: true, points: 12 },
        TODAY,
      ),
    ).toBe('Tuesday 3 March 2026: Happy, diary entry, 12 points');
    expect(
      getDayLabel(
        '2026-03-03',
        { date: '2026-03-03', mood: 'Neutral', checkInCount: 3, hasDiary: false, points: 0 },
        TODAY,
      ),
    ).toBe('Tuesday 3 March 2026: Neutral (the mean of 3 check-ins)');
    expect(
      getDayLabel(
        '2026-03-03',
        { date: '2026-03-03', mood: null, checkInCount: 0, hasDiary: false, points: 1 },
        TODAY,
      ),
    ).toBe('Tuesday 3 March 2026: no mood, 1 point');
    expect(getDayLabel('2026-03-04', undefined, TODAY)).toBe('Wednesday 4 March 2026: no mood');
    expect(getDayLabel('2026-03-19', undefined, TODAY)).toBe('Thursday 19 March 2026: not yet');
  });

  it('moves by day and week across months and years, and never past today', () => {
    expect(moveDate('2026-02-28', 'ArrowRight', TODAY)).toBe('2026-03-01');
    expect(moveDate('2026-03-01', 'ArrowLeft', TODAY)).toBe('2026-02-28');
    expect(moveDate('2026-01-03', 'ArrowUp', TODAY)).toBe('2025-12-27');
    expect(moveDate('2026-02-26', 'ArrowDown', TODAY)).toBe('2026-03-05');
    expect(moveDate('2026-03-18', 'ArrowRight', TODAY)).toBe(TODAY);
    expect(moveDate('2026-03-15', 'ArrowDown', TODAY)).toBe(TODAY);
    // Wednesday 4 March: Monday the 2nd and Sunday the 8th (then today, the 18th, caps End).
    expect(moveDate('2026-03-04', 'Home', TODAY)).toBe('2026-03-02');
    expect(moveDate('2026-03-04', 'End', TODAY)).toBe('2026-03-08');
    expect(moveDate('2026-03-04', 'a', TODAY)).toBeNull();
  });

  it("shifts by months and years to the same day, or the shorter month's last", () => {
    expect(shiftMonths('2026-01-31', 1, TODAY)).toBe('2026-02-28');
    expect(shiftMonths('2026-01-15', -1, TODAY)).toBe('2025-12-15');
    expect(shiftMonths('2024-02-29', -12, TODAY)).toBe('2023-02-28');
    expect(shiftMonths('2025-06-01', 12, TODAY)).toBe(TODAY);
  });
});
