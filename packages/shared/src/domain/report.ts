/*
 * The report a person hands to a clinician (decision 084): its sections, its bounds, and the
 * runs of low mood it lists. The server assembles it; the browser's preview, the PDF and the CSV
 * all show the same answer.
 */
import { addDays, daysBetween } from './dates';
import { isLowMood } from './insights';

export const REPORT_SECTIONS = [
  'calendar',
  'distribution',
  'checkIns',
  'activities',
  'measures',
  'diary',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** Each section's heading, the same in the preview, the PDF and the CSV. */
export const REPORT_SECTION_TITLES: Readonly<Record<ReportSection, string>> = {
  calendar: 'Mood calendar',
  distribution: 'Mood distribution and runs of low mood',
  checkIns: 'Check-ins per day',
  activities: 'Activities that went with better and worse days',
  measures: 'Questionnaire scores',
  diary: 'Diary excerpts',
};

/** The sections chosen until the person changes them: all but the diary, which is off by default. */
export const REPORT_DEFAULT_SECTIONS: readonly ReportSection[] = REPORT_SECTIONS.filter(
  (s) => s !== 'diary',
);

/** The longest range a report covers: five years (1,827 days, two of them leap days). */
export const REPORT_MAX_DAYS = 1_827;
/** The ranges offered before a custom one. */
export const REPORT_PRESET_DAYS = [30, 90] as const;
/** The most diary entries one report quotes, each chosen by the person. */
export const REPORT_DIARY_MAX = 60;
/** A low-mood run is this many days or more in a row with a Sad or Depressed day mood. */
export const LOW_RUN_MIN_DAYS = 3;
/** A clinician's link lives at most this many days (the person picks 1 to 14). */
export const REPORT_LINK_MAX_DAYS = 14;
/** The most links a person has at once that have not expired. */
export const REPORT_LINKS_MAX = 10;
/** An expired link stays listed (as expired) this many days, then it goes. */
export const REPORT_LINK_KEPT_DAYS = 30;

/** The number of local days from `from` to `to`, both included. */
export function reportDays(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/** The range of a preset: the last `days` local days ending today. */
export function presetRange(today: string, days: number): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * What is wrong with a range, in words for a 400; null when it is fine: from on or before to,
 * not after today, at most REPORT_MAX_DAYS days.
 */
export function reportRangeProblem(from: string, to: string, today: string): string | null {
  if (from > to) return 'The report range starts after it ends';
  if (to > today) return 'The report range ends after today';
  if (reportDays(from, to) > REPORT_MAX_DAYS) {
    return `A report covers at most ${REPORT_MAX_DAYS.toLocaleString('en-US')} days (five years)`;
  }
  return null;
}

export interface LowRun {
  from: string;
  to: string;
  days: number;
}

/**
 * The runs of low mood among days with a mood, oldest first: LOW_RUN_MIN_DAYS or more
 * consecutive local days each with a Sad or Depressed day mood. A day without a mood ends a run,
 * as a better day does.
 */
export function lowMoodRuns(days: readonly { date: string; mood: string | null }[]): LowRun[] {
  const runs: LowRun[] = [];
  let start: string | null = null;
  let last: string | null = null;
  const close = () => {
    if (start !== null && last !== null && reportDays(start, last) >= LOW_RUN_MIN_DAYS) {
      runs.push({ from: start, to: last, days: reportDays(start, last) });
    }
    start = null;
    last = null;
  };
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : 1));
  for (const day of sorted) {
    const low = day.mood !== null && isLowMood(day.mood);
    if (low && last !== null && addDays(last, 1) === day.date) {
      last = day.date;
    } else {
      close();
      if (low) {
        start = day.date;
        last = day.date;
      }
    }
  }
  close();
  return runs;
}
