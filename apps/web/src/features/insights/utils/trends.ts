import { MOODS, type ChosenMood, type InsightsTrends, type MoodCounts } from '@wellspring/shared';
import { MONTH_NAMES, parseDate } from './calendar';

/** The level's mood name on the chart's y axis: 1 Depressed .. 5 Ecstatic. */
export const LEVEL_NAMES = ['Depressed', 'Sad', 'Neutral', 'Happy', 'Ecstatic'] as const;

export function formatLevel(level: number): string {
  return LEVEL_NAMES[level - 1] ?? '';
}

/** '3 Mar': the chart's x labels. */
export function formatShortDay(date: string): string {
  const [, month, day] = parseDate(date);
  return `${day} ${(MONTH_NAMES[month] ?? '').slice(0, 3)}`;
}

/** The first, middle and last day of a series, for the x axis. */
export function pickXLabels(dates: readonly string[]): { key: string; label: string }[] {
  if (dates.length === 0) return [];
  const picked = [...new Set([0, Math.floor((dates.length - 1) / 2), dates.length - 1])];
  return picked.map((i) => ({ key: dates[i]!, label: formatShortDay(dates[i]!) }));
}

/** The moods with their counts, strongest first; the commonest first among equals is the stronger. */
export function listCounts(counts: MoodCounts): { mood: ChosenMood; count: number }[] {
  return MOODS.map((mood) => ({ mood, count: counts[mood] }));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The chart in words: how many days of the span had a mood, which came most often, and the
 * first and second half's average compared in plain terms (no cause, no score).
 */
export function summarizeTrends(trends: InsightsTrends): string {
  const span = `the last ${trends.days} days`;
  const rated = trends.series.filter((day) => day.level !== null);
  if (rated.length === 0) return `No mood was noted in ${span} yet.`;
  const top = listCounts(trends.counts).reduce((best, next) =>
    next.count > best.count ? next : best,
  );
  const half = Math.floor(trends.series.length / 2);
  const mean = (days: typeof trends.series) => {
    const levels = days.flatMap((day) => (day.level === null ? [] : [day.level]));
    return levels.length === 0 ? null : levels.reduce((a, b) => a + b, 0) / levels.length;
  };
  const [first, second] = [mean(trends.series.slice(0, half)), mean(trends.series.slice(half))];
  let movement = '';
  if (first !== null && second !== null) {
    const gap = second - first;
    movement =
      Math.abs(gap) < 0.25
        ? ' Moods in the second half were much like the first.'
        : gap > 0
          ? ' Moods in the second half were a little brighter than in the first.'
          : ' Moods in the second half were a little lower than in the first.';
  }
  return (
    `In ${span} you noted a mood on ${plural(rated.length, 'day', 'days')}; ` +
    `${top.mood} came most often (${plural(top.count, 'day', 'days')}).${movement}`
  );
}
