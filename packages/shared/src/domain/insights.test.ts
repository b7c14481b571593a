import { describe, expect, it } from 'vitest';
import {
  compareDays,
  describeFinding,
  FINDING_MIN_DAYS,
  isBetter,
  MOOD_SCALE,
  moodLevel,
  needsSupport,
  showSupport,
  supportHiddenUntil,
} from './insights';
import { MOODS } from './mood';

describe('the ordered mood scale', () => {
  it('orders Depressed < Sad < Neutral < Happy < Ecstatic as 1..5', () => {
    expect(MOOD_SCALE.map(moodLevel)).toEqual([1, 2, 3, 4, 5]);
    expect(moodLevel('Depressed')).toBe(1);
    expect(moodLevel('Sad')).toBe(2);
    expect(moodLevel('Neutral')).toBe(3);
    expect(moodLevel('Happy')).toBe(4);
    expect(moodLevel('Ecstatic')).toBe(5);
  });

  it('holds exactly the five moods a user can pick', () => {
    expect([...MOOD_SCALE].sort()).toEqual([...MOODS].sort());
  });

  it('has no level for Unknown, no mood, or a name that is not a mood', () => {
    expect(moodLevel('Unknown')).toBeNull();
    expect(moodLevel(null)).toBeNull();
    expect(moodLevel(undefined)).toBeNull();
    expect(moodLevel('happy')).toBeNull();
  });
});

describe('the support rule: Sad or Depressed on at least 3 of the last 5 days with a mood', () => {
  it('is met by exactly three low days among five', () => {
    expect(needsSupport(['Sad', 'Happy', 'Depressed', 'Neutral', 'Sad'])).toBe(true);
  });

  it('is not met by two low days among five', () => {
    expect(needsSupport(['Sad', 'Happy', 'Depressed', 'Neutral', 'Happy'])).toBe(false);
  });

  it('is met by three low days when only three days have a mood', () => {
    expect(needsSupport(['Depressed', 'Sad', 'Sad'])).toBe(true);
  });

  it('is not met with fewer than three days, however low', () => {
    expect(needsSupport([])).toBe(false);
    expect(needsSupport(['Depressed', 'Depressed'])).toBe(false);
  });

  it('looks at the newest five only: a low day sixth back does not count', () => {
    expect(needsSupport(['Sad', 'Sad', 'Happy', 'Happy', 'Happy', 'Sad'])).toBe(false);
    expect(needsSupport(['Happy', 'Sad', 'Happy', 'Sad', 'Sad', 'Happy'])).toBe(true);
  });

  it('counts Neutral, Happy and Ecstatic as not low', () => {
    expect(needsSupport(['Neutral', 'Neutral', 'Neutral', 'Neutral', 'Neutral'])).toBe(false);
    expect(needsSupport(['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'])).toBe(false);
  });
});

describe('the support card after a dismissal: hidden for 7 days', () => {
  const low = ['Sad', 'Depressed', 'Sad'];
  it('shows when the rule holds and the card was never dismissed', () => {
    expect(showSupport(low, null, '2026-03-10')).toBe(true);
    expect(supportHiddenUntil(null)).toBeNull();
  });
  it('stays hidden on the day of the dismissal and through the sixth day after', () => {
    expect(showSupport(low, '2026-03-10', '2026-03-10')).toBe(false);
    expect(showSupport(low, '2026-03-10', '2026-03-16')).toBe(false);
  });
  it('may show again on the seventh day, across a month and a year end', () => {
    expect(supportHiddenUntil('2026-03-10')).toBe('2026-03-17');
    expect(showSupport(low, '2026-03-10', '2026-03-17')).toBe(true);
    expect(showSupport(low, '2026-12-28', '2027-01-03')).toBe(false);
    expect(showSupport(low, '2026-12-28', '2027-01-04')).toBe(true);
  });
  it('never shows when the rule does not hold, dismissed or not', () => {
    expect(showSupport(['Sad', 'Happy', 'Sad'], null, '2026-03-10')).toBe(false);
    expect(showSupport(['Sad', 'Happy', 'Sad'], '2026-01-01', '2026-03-10')).toBe(false);
  });
});

describe('the insight thresholds', () => {
  const days = (n: number, level: number) => Array.from({ length: n }, () => level);

  it('needs at least 5 days on each side', () => {
    expect(FINDING_MIN_DAYS).toBe(5);
    expect(compareDays(days(5, 4), days(5, 2))).toEqual({
      meanWith: 4,
      meanWithout: 2,
      daysWith: 5,
      daysWithout: 5,
      margin: 0,
    });
    expect(compareDays(days(4, 4), days(50, 2))).toBeNull();
    expect(compareDays(days(50, 4), days(4, 2))).toBeNull();
    expect(compareDays([], [])).toBeNull();
  });

  it('reports means rounded to two decimals with the day counts', () => {
    expect(compareDays([4, 4, 4, 5, 5, 5], [1, 2, 3, 3, 3])).toEqual({
      meanWith: 4.5,
      meanWithout: 2.4,
      daysWith: 6,
      daysWithout: 5,
      // 1.96 × √(0.3 / 6 + 0.8 / 5): the sample variances over the days, 95% either way.
      margin: 0.9,
    });
    expect(compareDays([1, 2, 2, 2, 2, 2], days(5, 3))!.meanWith).toBe(1.83);
  });

  it('calls a tie not better', () => {
    expect(isBetter(compareDays(days(5, 3), days(5, 3))!)).toBe(false);
    expect(isBetter(compareDays([3, 3, 3, 3, 4], days(5, 3))!)).toBe(true);
  });

  it('words a finding as "went together", never as a cause, with its day counts', () => {
    const c = compareDays(days(6, 4), days(9, 3))!;
    const texts = [
      describeFinding({ kind: 'task', title: 'Take a short walk' }, c),
      describeFinding({ kind: 'taskMood', mood: 'Sad' }, c),
      describeFinding({ kind: 'diary' }, c),
    ];
    expect(texts[0]).toBe(
      'Completing "Take a short walk" and a better mood the next day went together (6 days with, 9 without).',
    );
    expect(texts[2]).toBe(
      'Writing in your diary and a better mood that day went together (6 days with, 9 without).',
    );
    for (const text of texts) {
      expect(text).toContain('went together');
      expect(text).not.toMatch(/caus|because|lead|make|improv/i);
    }
    expect(describeFinding({ kind: 'diary' }, compareDays(days(5, 2), days(5, 3))!)).toContain(
      'a lower mood',
    );
  });

  it('words a feeling as the activities are worded: the means, the margin and the days', () => {
    const better = compareDays([4, 4, 5, 4, 3], [3, 3, 2, 3, 4, 3])!;
    expect(describeFinding({ kind: 'feeling', word: 'calm' }, better)).toBe(
      'Feeling "calm" and a better mood that day went together: 4.0 against 3.0 on the 1 to 5 ' +
        'scale, give or take 0.8 (5 days with, 6 without).',
    );
    const lower = compareDays(days(5, 2), days(5, 3))!;
    const text = describeFinding({ kind: 'feeling', word: 'tired' }, lower);
    expect(text).toContain('Feeling "tired" and a lower mood that day went together');
    expect(text).not.toMatch(/caus|because|lead|make|improv/i);
  });
});
