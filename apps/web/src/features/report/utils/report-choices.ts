import {
  presetRange,
  REPORT_DEFAULT_SECTIONS,
  REPORT_DIARY_MAX,
  type REPORT_PRESET_DAYS,
  REPORT_SECTIONS,
  reportRangeProblem,
  type ReportPaper,
  type ReportRequest,
  type ReportSection,
} from '@wellspring/shared';

/*
 * What the report page's form holds, and the request it makes. The checks here are a courtesy,
 * said before a round trip; the server decides (the same shared rules).
 */

export type RangeChoice = `${(typeof REPORT_PRESET_DAYS)[number]}` | 'custom';

export interface ReportChoices {
  range: RangeChoice;
  /** The custom range's days ('YYYY-MM-DD'; '' while not typed). */
  from: string;
  to: string;
  sections: ReportSection[];
  /** The diary entries chosen to quote, each with its day (a range that moves drops some). */
  diary: ReadonlyMap<string, string>;
  paper: ReportPaper;
}

/** The range the page opens with: the last 90 days. */
export const DEFAULT_RANGE: RangeChoice = '90';

export function initialChoices(today: string): ReportChoices {
  const { from, to } = presetRange(today, Number(DEFAULT_RANGE));
  return {
    range: DEFAULT_RANGE,
    from,
    to,
    sections: [...REPORT_DEFAULT_SECTIONS],
    diary: new Map(),
    paper: 'a4',
  };
}

/** The days the choices cover: a preset's, ending today, or the custom ones as typed. */
export function rangeOf(choices: ReportChoices, today: string): { from: string; to: string } {
  if (choices.range === 'custom') return { from: choices.from, to: choices.to };
  return presetRange(today, Number(choices.range));
}

/** The chosen diary entries of the range, in the order they were written. */
export function chosenDiaryIds(choices: ReportChoices, range: { from: string; to: string }) {
  return [...choices.diary]
    .filter(([, date]) => date >= range.from && date <= range.to)
    .sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id]) => id);
}

/**
 * The request the choices make, or what stops it, in words: a range not typed or out of bounds,
 * no section, or the diary excerpts on with no entry chosen.
 */
export function toReportRequest(
  choices: ReportChoices,
  today: string,
): { request: ReportRequest; problem: null } | { request: null; problem: string } {
  const range = rangeOf(choices, today);
  if (!range.from || !range.to) {
    return { request: null, problem: 'Choose the first and the last day of the report.' };
  }
  const rangeProblem = reportRangeProblem(range.from, range.to, today);
  if (rangeProblem) return { request: null, problem: `${rangeProblem}.` };
  // The report shows its sections in its own order; the request sends them in that order too.
  const sections = REPORT_SECTIONS.filter((s) => choices.sections.includes(s));
  if (sections.length === 0) {
    return { request: null, problem: 'Choose at least one section for the report.' };
  }
  const request: ReportRequest = { ...range, sections, paper: choices.paper };
  if (sections.includes('diary')) {
    const ids = chosenDiaryIds(choices, range);
    if (ids.length === 0) {
      return {
        request: null,
        problem: 'Choose the diary entries to quote, or leave out the diary excerpts.',
      };
    }
    if (ids.length > REPORT_DIARY_MAX) {
      return {
        request: null,
        problem: `A report quotes at most ${REPORT_DIARY_MAX} diary entries.`,
      };
    }
    request.diaryEntryIds = ids;
  }
  return { request, problem: null };
}
