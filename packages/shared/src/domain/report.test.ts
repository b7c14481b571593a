import { describe, expect, it } from 'vitest';
import { lowMoodRuns, presetRange, reportRangeProblem } from './report';

describe('runs of low mood', () => {
  const days = (start: number, moods: (string | null)[]) =>
    moods.map((mood, i) => ({ date: `2026-03-${String(start + i).padStart(2, '0')}`, mood }));

  it('counts three days or more in a row with a Sad or Depressed day, and not two', () => {
    expect(lowMoodRuns(days(1, ['Sad', 'Depressed', 'Happy', 'Sad', 'Sad', 'Sad']))).toEqual([
      { from: '2026-03-04', to: '2026-03-06', days: 3 },
    ]);
    expect(lowMoodRuns(days(1, ['Sad', 'Sad', 'Neutral']))).toEqual([]);
  });

  it('ends a run at a day without a mood, or a day missing from the list', () => {
    expect(lowMoodRuns(days(1, ['Sad', 'Sad', null, 'Sad']))).toEqual([]);
    const gap = [...days(1, ['Sad', 'Sad']), ...days(4, ['Sad', 'Sad'])];
    expect(lowMoodRuns(gap)).toEqual([]);
  });

  it('runs across a month end, in any order given', () => {
    const run = [
      { date: '2026-03-01', mood: 'Depressed' },
      { date: '2026-02-27', mood: 'Sad' },
      { date: '2026-02-28', mood: 'Sad' },
    ];
    expect(lowMoodRuns(run)).toEqual([{ from: '2026-02-27', to: '2026-03-01', days: 3 }]);
  });
});

describe('the range of a report', () => {
  it('is the last days ending today for a preset', () => {
    expect(presetRange('2026-03-10', 30)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
  });

  it('is at most five years, not past today, and not backwards', () => {
    expect(reportRangeProblem('2021-03-10', '2026-03-10', '2026-03-10')).toBeNull();
    expect(reportRangeProblem('2021-03-09', '2026-03-10', '2026-03-10')).toMatch(/1,827 days/);
    expect(reportRangeProblem('1926-03-10', '2026-03-10', '2026-03-10')).toMatch(/1,827 days/);
    expect(reportRangeProblem('2026-03-10', '2026-03-11', '2026-03-10')).toMatch(/after today/);
    expect(reportRangeProblem('2026-03-10', '2026-03-09', '2026-03-10')).toMatch(/starts after/);
  });
});
