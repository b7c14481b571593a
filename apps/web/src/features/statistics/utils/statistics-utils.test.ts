import { describe, expect, it } from 'vitest';
import { buildHistoryRow } from '@/test/factories';
import { CHART_MAX_POINTS, toWeeklyChartData, WEEKDAY_LABELS } from './chart';
import { getPointsOn, getTodayPercent, getTotalPoints } from './points';
import { getCurrentWeek, toLocalDateString } from './week';

const WEEK = [
  '2024-05-05',
  '2024-05-06',
  '2024-05-07',
  '2024-05-08',
  '2024-05-09',
  '2024-05-10',
  '2024-05-11',
];

describe('getCurrentWeek', () => {
  it('runs from Sunday 00:00 to Saturday 23:59:59.999, local time', () => {
    const week = getCurrentWeek(new Date(2024, 4, 8, 15, 30)); // a Wednesday
    expect(week.days).toEqual(WEEK);
    expect(week.today).toBe('2024-05-08');
    expect(week.startDate).toBe(new Date(2024, 4, 5, 0, 0, 0, 0).getTime());
    expect(week.endDate).toBe(new Date(2024, 4, 11, 23, 59, 59, 999).getTime());
  });

  it('keeps Sunday and Saturday themselves in their own week', () => {
    expect(getCurrentWeek(new Date(2024, 4, 5, 0, 0)).days[0]).toBe('2024-05-05');
    expect(getCurrentWeek(new Date(2024, 4, 11, 23, 59)).days[6]).toBe('2024-05-11');
    expect(getCurrentWeek(new Date(2024, 0, 1)).days).toContain('2023-12-31');
  });

  it('formats local dates', () => {
    expect(toLocalDateString(new Date(2024, 0, 9))).toBe('2024-01-09');
  });
});

describe('toWeeklyChartData', () => {
  it('scales the bars against 100,000 and caps them there', () => {
    const rows = [
      buildHistoryRow('2024-05-05', 0),
      buildHistoryRow('2024-05-06', 25_000),
      buildHistoryRow('2024-05-07', 50_000),
      buildHistoryRow('2024-05-08', 100_000),
      buildHistoryRow('2024-05-09', 140_000),
    ];
    const data = toWeeklyChartData(rows, WEEK);
    expect(data.map((d) => d.day)).toEqual([...WEEKDAY_LABELS]);
    expect(data.map((d) => d.ratio)).toEqual([0, 0.25, 0.5, 1, 1, 0, 0]);
    expect(data[4]).toMatchObject({ points: 140_000, value: CHART_MAX_POINTS });
    expect(data[6]).toMatchObject({ date: '2024-05-11', points: 0, value: 0 });
  });
});

describe('points', () => {
  it('adds every goal and finds today', () => {
    expect(getTotalPoints([{ earned: 50_500 }, { earned: 12_000 }])).toBe(62_500);
    expect(getTotalPoints([])).toBe(0);
    const rows = [buildHistoryRow('2024-05-08', 7_000)];
    expect(getPointsOn(rows, '2024-05-08')).toBe(7_000);
    expect(getPointsOn(rows, '2024-05-09')).toBe(0);
  });

  it("shows today's points as a whole percent of every point", () => {
    expect(getTodayPercent(0, 0)).toBe(0);
    expect(getTodayPercent(0, 40_000)).toBe(0);
    expect(getTodayPercent(10_000, 40_000)).toBe(25);
    expect(getTodayPercent(1_000, 3_000)).toBe(33);
    expect(getTodayPercent(2_000, 3_000)).toBe(67);
    expect(getTodayPercent(40_000, 40_000)).toBe(100);
  });
});
