import {
  describeFinding,
  getWeekday,
  isChosenMood,
  listDates,
  moodLevel,
  supportHiddenUntil,
  WEEKDAYS,
  type CheckIn,
  type ChosenMood,
  type Comparison,
  type FeelingCount,
  type Finding,
  type FindingSubject,
  type InsightsCalendar,
  type InsightsDay,
  type InsightsFeelings,
  type InsightsSupport,
  type InsightsFindings,
  type InsightsTrends,
  type MoodCounts,
} from '@wellspring/shared';
import type { DiaryVault } from '../diary/diary-vault';
import { presentDiary } from '../diary/diary.presenter';
import type { CalendarDayRow, DayRows } from './insights.repository';

export function presentCalendar(year: number, rows: CalendarDayRow[]): InsightsCalendar {
  return {
    year,
    days: rows.map((r) => ({
      date: r.day,
      mood: isChosenMood(r.mood) ? r.mood : null,
      checkInCount: r.checkInCount,
      hasDiary: r.hasDiary,
      points: r.points,
    })),
  };
}

function zeroCounts(): MoodCounts {
  return { Depressed: 0, Sad: 0, Neutral: 0, Happy: 0, Ecstatic: 0 };
}

/** Every day of the span in order (a day without a mood as null), the counts, and by weekday. */
export function presentTrends(
  days: number,
  start: string,
  end: string,
  rows: { day: string; mood: string }[],
): InsightsTrends {
  const moodOf = new Map(rows.map((r) => [r.day, r.mood]));
  const counts = zeroCounts();
  const byWeekday = WEEKDAYS.map((weekday) => ({ weekday, counts: zeroCounts() }));
  const series = listDates(start, end).map((date) => {
    const stored = moodOf.get(date);
    const mood = isChosenMood(stored) ? stored : null;
    if (mood) {
      counts[mood] += 1;
      // getWeekday counts from Sunday (0); the answer runs Monday to Sunday.
      byWeekday[(getWeekday(date) + 6) % 7]!.counts[mood] += 1;
    }
    return { date, mood, level: moodLevel(mood) };
  });
  return { days, series, counts, byWeekday };
}

/** A comparison that makes a finding, with what it is about: the service finds it, this words it. */
export type FindingResult =
  | { kind: 'task'; title: string; comparison: Comparison }
  | { kind: 'taskMood'; mood: ChosenMood; comparison: Comparison }
  | { kind: 'diary'; comparison: Comparison }
  | { kind: 'activity'; name: string; comparison: Comparison };

export function presentFindings(results: FindingResult[], support: boolean): InsightsFindings {
  const findings: Finding[] = results.map((r) => {
    const [subject, subjectText]: [FindingSubject, string | null] =
      r.kind === 'task'
        ? [{ kind: 'task', title: r.title }, r.title]
        : r.kind === 'taskMood'
          ? [{ kind: 'taskMood', mood: r.mood }, r.mood]
          : r.kind === 'activity'
            ? [{ kind: 'activity', name: r.name }, r.name]
            : [{ kind: 'diary' }, null];
    return {
      kind: r.kind,
      subject: subjectText,
      compares: r.kind === 'task' || r.kind === 'taskMood' ? 'nextDay' : 'sameDay',
      ...r.comparison,
      text: describeFinding(subject, r.comparison),
    };
  });
  return { findings, support };
}

/** A month's feeling words and the findings of each word, worded (decision 076). */
export function presentFeelings(
  month: string,
  words: FeelingCount[],
  results: { name: string; comparison: Comparison }[],
): InsightsFeelings {
  return {
    month,
    words,
    findings: results.map(({ name, comparison }) => ({
      word: name,
      ...comparison,
      text: describeFinding({ kind: 'feeling', word: name }, comparison),
    })),
  };
}

export function presentDay(
  date: string,
  rows: DayRows,
  checkIns: CheckIn[],
  canBackfill: boolean,
  vault: DiaryVault,
): InsightsDay {
  return {
    date,
    canBackfill,
    mood: isChosenMood(rows.mood) ? rows.mood : null,
    diary: rows.diary === null ? null : presentDiary(rows.diary, vault),
    checkIns,
    tasks: rows.tasks.flatMap((t) =>
      isChosenMood(t.mood)
        ? [
            {
              id: t.id,
              title: t.title,
              mood: t.mood,
              points: t.points,
              completedAt: t.completedAt.toISOString(),
            },
          ]
        : [],
    ),
  };
}

export function presentSupport(show: boolean, dismissedOn: string | null): InsightsSupport {
  return { show, hiddenUntil: supportHiddenUntil(dismissedOn) };
}
