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

/** The sample variance of the levels (n - 1 in the denominator). */
function variance(levels: readonly number[]): number {
  const m = mean(levels);
  return levels.reduce((sum, level) => sum + (level - m) ** 2, 0) / (levels.length - 1);
}

function mean(levels: readonly number[]): number {
  return levels.reduce((sum, level) => sum + level, 0) / levels.length;
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
  if (withLevels.length < FINDING_MIN_DAYS || withoutLevels.length < FINDING_MIN_DAYS) return null;
  return {
    meanWith: round2(mean(withLevels)),
    meanWithout: round2(mean(withoutLevels)),
    daysWith: withLevels.length,
    daysWithout: withoutLevels.length,
    margin: round2(
      1.96 *
        Math.sqrt(
          variance(withLevels) / withLevels.length + variance(withoutLevels) / withoutLevels.length,
        ),
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
