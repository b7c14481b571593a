import {
  REPORT_DIARY_MAX,
  type DiaryEntry,
  type ReportPaper,
  type ReportSection,
} from '@wellspring/shared';
import { useState } from 'react';
import {
  initialChoices,
  rangeOf,
  toReportRequest,
  type RangeChoice,
  type ReportChoices,
} from '../utils/report-choices';

/** The report page's choices, the request they make (or what stops it), and their setters. */
export function useReportChoices(today: string) {
  const [choices, setChoices] = useState<ReportChoices>(() => initialChoices(today));
  const update = (change: Partial<ReportChoices>) =>
    setChoices((current) => ({ ...current, ...change }));
  return {
    choices,
    range: rangeOf(choices, today),
    ...toReportRequest(choices, today),
    setRange: (range: RangeChoice) =>
      setChoices((current) => {
        // A custom range starts from the one shown, to be narrowed or widened.
        if (range !== 'custom' || current.range === 'custom') return { ...current, range };
        return { ...current, range, ...rangeOf(current, today) };
      }),
    setFrom: (from: string) => update({ from }),
    setTo: (to: string) => update({ to }),
    toggleSection: (section: ReportSection) =>
      setChoices((current) => ({
        ...current,
        sections: current.sections.includes(section)
          ? current.sections.filter((s) => s !== section)
          : [...current.sections, section],
      })),
    toggleDiary: (entry: DiaryEntry) =>
      setChoices((current) => {
        const diary = new Map(current.diary);
        if (diary.has(entry.id)) diary.delete(entry.id);
        else if (diary.size < REPORT_DIARY_MAX) diary.set(entry.id, entry.date);
        return { ...current, diary };
      }),
    setPaper: (paper: ReportPaper) => update({ paper }),
  };
}
