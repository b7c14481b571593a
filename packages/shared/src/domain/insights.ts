import { addDays } from './dates';
import type { ChosenMood } from './mood';

/** The five moods on one ordered scale, lowest first: Depressed < Sad < Neutral < Happy < Ecstatic. */
export const MOOD_SCALE = ['Depressed', 'Sad', 'Neutral', 'Happy', 'Ecstatic'] as const;

/** A mood's place on the scale, 1 (Depressed) to 5 (Ecstatic). */
export type MoodLevel = 1 | 2 | 3 | 4 | 5;

/** The level of a mood on the scale; null for Unknown or anything that is not one of the five. */
export function moodLevel(mood: string | null | undefined): MoodLevel | null {
  const index = (MOOD_SCALE as readonly unknown[]).indexOf(mood);
  return index === -1 ? null : ((index + 1) as MoodLevel);
}

/** The support rule looks at this many of the user's latest days that have a mood. */
export const SUPPORT_WINDOW_DAYS = 5;
/** ... and offers the support card when at least this many of them were low. */
export const SUPPORT_LOW_DAYS = 3;

/** A low mood for the support rule: Sad or Depressed. */
export function isLowMood(mood: string): boolean {
  return mood === 'Sad' || mood === 'Depressed';
}

/**
 * The gentle support rule (decision 035): Sad or Depressed on at least 3 of the last 5 days
 * that have a mood. `moodsNewestFirst` are the moods of the user's days that have one, newest
 * first; only the first five count, and fewer than three low days never qualify.
 */
export function needsSupport(moodsNewestFirst: readonly string[]): boolean {
  const window = moodsNewestFirst.slice(0, SUPPORT_WINDOW_DAYS);
  return window.filter(isLowMood).length >= SUPPORT_LOW_DAYS;
}

/** After the support card is dismissed it stays hidden this many days. */
export const SUPPORT_SNOOZE_DAYS = 7;

/** The first local day the card may show again after a dismissal on `dismissedOn`; else null. */
export function supportHiddenUntil(dismissedOn: string | null): string | null {
  return dismissedOn === null ? null : addDays(dismissedOn, SUPPORT_SNOOZE_DAYS);
}

/**
 * Whether the dashboard shows the support card on the user's local `today`: the support rule
 * holds, and the card was not dismissed in the last SUPPORT_SNOOZE_DAYS days (dismissed on day D,
 * it is hidden through D + 6 and may show again on D + 7).
 */
export function showSupport(
  moodsNewestFirst: readonly string[],
  dismissedOn: string | null,
  today: string,
): boolean {
  const until = supportHiddenUntil(dismissedOn);
  return needsSupport(moodsNewestFirst) && (until === null || today >= until);
}

/** A finding needs at least this many days on each side of the comparison. */
export const FINDING_MIN_DAYS = 5;

/** What a comparison of two groups of days rests on. */
export interface Comparison {
  /** Mean mood level (1..5) of the days with the thing, rounded to two decimals. */
  meanWith: number;
  /** Mean mood level (1..5) of the days without it, rounded to two decimals. */
  meanWithout: number;
  daysWith: number;
  daysWithout: number;
  /**
   * The uncertainty of the difference of the means: half the width of its 95% interval (1.96
   * standard errors, each side's spread over its days), rounded to two decimals.
   */
  margin: number;
}

/**
 * A group of days as a comparison needs it: how many, and the sum of their mood levels and of
 * the levels' squares. A database can add these up without sending each day (decision 078).
 */
export interface LevelSums {
  days: number;
  sum: number;
  sumOfSquares: number;
}

/** The sums of a list of mood levels. */
export function sumLevels(levels: readonly number[]): LevelSums {
  let sum = 0;
  let sumOfSquares = 0;
  for (const level of levels) {
    sum += level;
    sumOfSquares += level * level;
  }
  return { days: levels.length, sum, sumOfSquares };
}

/** The days of `all` that are not in `part` (a group taken out of the days that hold it). */
export function subtractSums(all: LevelSums, part: LevelSums): LevelSums {
  return {
    days: all.days - part.days,
    sum: all.sum - part.sum,
    sumOfSquares: all.sumOfSquares - part.sumOfSquares,
  };
}

/** The sample variance of a group's levels (n - 1 in the denominator), never below zero. */
function variance({ days, sum, sumOfSquares }: LevelSums): number {
  return Math.max(0, (sumOfSquares - (sum * sum) / days) / (days - 1));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Compares the mood levels of the days with a thing and of those without it; null (no finding)
 * unless each side has at least FINDING_MIN_DAYS days, so a handful of days is never shown.
 */
export function compareDays(
  withLevels: readonly number[],
  withoutLevels: readonly number[],
): Comparison | null {
  return compareSums(sumLevels(withLevels), sumLevels(withoutLevels));
}

/** compareDays from each side's sums. */
export function compareSums(withDays: LevelSums, withoutDays: LevelSums): Comparison | null {
  if (withDays.days < FINDING_MIN_DAYS || withoutDays.days < FINDING_MIN_DAYS) return null;
  return {
    meanWith: round2(withDays.sum / withDays.days),
    meanWithout: round2(withoutDays.sum / withoutDays.days),
    daysWith: withDays.days,
    daysWithout: withoutDays.days,
    margin: round2(
      1.96 *
        Math.sqrt(variance(withDays) / withDays.days + variance(withoutDays) / withoutDays.days),
    ),
  };
}

/** True when the days with the thing had the better mood on average (a tie is not better). */
export function isBetter(comparison: Comparison): boolean {
  return comparison.meanWith > comparison.meanWithout;
}

/** The two readings of a finding's subject: what went with what. */
export type FindingSubject =
  | { kind: 'task'; title: string }
  | { kind: 'taskMood'; mood: ChosenMood }
  | { kind: 'diary' }
  | { kind: 'activity'; name: string }
  | { kind: 'feeling'; word: string };

/**
 * A finding in words: "went together", never a cause, with the days it rests on. The next day's
 * mood for tasks, the same day's for the diary.
 */
export function describeFinding(subject: FindingSubject, c: Comparison): string {
  const days = `${c.daysWith} days with, ${c.daysWithout} without`;
  const direction = isBetter(c) ? 'a better' : c.meanWith < c.meanWithout ? 'a lower' : 'the same';
  switch (subject.kind) {
    case 'task':
      return `Completing "${subject.title}" and ${direction} mood the next day went together (${days}).`;
    case 'taskMood':
      return `Completing a task for a ${subject.mood} mood and ${direction} mood the next day went together (${days}).`;
    case 'diary':
      return `Writing in your diary and ${direction} mood that day went together (${days}).`;
    case 'activity':
      return `"${subject.name}" and ${direction} mood that day went together: ${measured(c, days)}`;
    case 'feeling':
      return `Feeling "${subject.word}" and ${direction} mood that day went together: ${measured(c, days)}`;
  }
}

/** The means, their margin and the days of a same-day finding (decision 075). */
function measured(c: Comparison, days: string): string {
  return (
    `${c.meanWith.toFixed(1)} against ${c.meanWithout.toFixed(1)} on the 1 to 5 scale, give or ` +
    `take ${c.margin.toFixed(1)} (${days}).`
  );
}
