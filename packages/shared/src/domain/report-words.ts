/*
 * The report's words (decision 084), one source for the PDF, the browser's preview and the
 * clinician's page, so the three read alike: '1 September 2026', '3 to 5 October 2026',
 * '1,827 days', the item-9 flag and the sentences each section says when it has nothing to show.
 * Written out here, not through Intl, so a server's or a browser's locale never changes a report.
 */
import { MONTH_NAMES, type LocalDate } from './dates';
import type { ChosenMood } from './mood';

function partsOf(date: LocalDate): { day: number; month: string; year: string } {
  const [year, month, day] = date.split('-') as [string, string, string];
  return { day: Number(day), month: MONTH_NAMES[Number(month) - 1]!, year };
}

/** '2026-09-01' as '1 September 2026'. */
export function formatDay(date: LocalDate): string {
  const { day, month, year } = partsOf(date);
  return `${day} ${month} ${year}`;
}

/** '2026-09' as 'September 2026'. */
export function formatMonth(month: string): string {
  const { month: name, year } = partsOf(`${month}-01`);
  return `${name} ${year}`;
}

/**
 * A run of days, saying the month and the year once where they are shared: '3 to 5 October
 * 2026', '30 September to 2 October 2026', '30 December 2026 to 2 January 2027'.
 */
export function formatDayRange(from: LocalDate, to: LocalDate): string {
  const a = partsOf(from);
  const b = partsOf(to);
  if (a.year !== b.year) return `${formatDay(from)} to ${formatDay(to)}`;
  if (a.month !== b.month) return `${a.day} ${a.month} to ${formatDay(to)}`;
  return `${a.day} to ${formatDay(to)}`;
}

/** A whole number with thousands separators: 1,827. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** '1 day', '3 days', '1,827 days'. */
export function countInWords(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A share as a percentage to one decimal (0 when there is nothing to share). */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

/** A share as the report writes it: '12.5%'. */
export function formatShare(part: number, whole: number): string {
  return `${percentOf(part, whole).toFixed(1)}%`;
}

/** Each mood's initial, shown beside its colour in the calendar: E, H, N, S, D. */
export const MOOD_LETTERS: Readonly<Record<ChosenMood, string>> = {
  Ecstatic: 'E',
  Happy: 'H',
  Neutral: 'N',
  Sad: 'S',
  Depressed: 'D',
};

/** A questionnaire's bands in a line: '0 to 4 Minimal; 5 to 9 Mild; …'. */
export function bandsInWords(bands: readonly { min: number; max: number; label: string }[]) {
  return bands.map((b) => `${b.min} to ${b.max} ${b.label}`).join('; ');
}

/** The flag of a PHQ-9 result whose item 9 was answered other than "not at all". */
export function itemNineFlag(answer: string): string {
  return `Item 9 (thoughts of self-harm): ${answer}`;
}

/** Above a questionnaire's table when some of its results are flagged. */
export function flaggedResultsSentence(flagged: number): string {
  return (
    `${countInWords(flagged, 'result')} with item 9 (thoughts of self-harm) answered other than ` +
    '"Not at all": see the Flag column.'
  );
}

/** An empty list of activity findings, and why it is empty. */
export function noFindingSentence(which: 'better' | 'worse', minDays: number): string {
  return (
    `No activity went with ${which} days: a finding needs at least ` +
    `${countInWords(minDays, 'day')} with the activity and ${formatCount(minDays)} without.`
  );
}

/** What each section says when it has nothing to show, and the findings' caution. */
export const REPORT_SENTENCES = {
  noLowRuns: 'No runs of three or more low days.',
  findingsCaution: 'These say what went together in the days recorded, not what caused what.',
  noMeasures: 'No questionnaires were taken in this range.',
  noResults: 'No results in this range.',
  noDiary: 'No diary entries were chosen.',
} as const;
