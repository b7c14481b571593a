import {
  addDays,
  AppError,
  compareSums,
  countFeelings,
  excerptOf,
  getDayMood,
  monthOf,
  monthRange,
  onThisDayDates,
  isBetter,
  isChosenMood,
  showSupport,
  subtractSums,
  SUPPORT_WINDOW_DAYS,
  type Comparison,
  type LevelSums,
  type InsightsCalendar,
  type InsightsDay,
  type InsightsSupport,
  type InsightsFeelings,
  type InsightsFindings,
  type InsightsOnThisDay,
  type InsightsTrends,
  type OnThisDayEntry,
} from '@wellspring/shared';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/app/context';
import type { DiaryVault } from '../diary/diary-vault';
import {
  presentCalendar,
  presentDay,
  presentFeelings,
  presentFindings,
  presentSupport,
  presentTrends,
  type FindingResult,
} from './insights.presenter';
import {
  findDayMoods,
  listCheckInFeelings,
  listLatestMoods,
  listMoodDays,
} from '../check-ins/check-ins.repository';
import {
  listActivityMoodSums,
  sumFeelingDayLevels,
  sumMoodDayLevels,
} from '../check-ins/mood-sums.repository';
import { getPreferences } from '../preferences/preferences.service';
import { canBackfill, getDayCheckIns } from '../check-ins/check-ins.service';
import {
  findDay,
  findDiariesOn,
  findSupportDismissedOn,
  listCalendarDays,
  sumDiaryDayLevels,
  sumNextDayLevelsByTaskMood,
  sumNextDayLevelsByTemplate,
  setSupportDismissedOn,
} from './insights.repository';

/** At most this many activity (or feeling) findings are answered: the widest gaps either way. */
const MAX_SAME_DAY_FINDINGS = 8;
/** The moods "On this day" leaves out unless the person turns them on (decision 076). */
const LOW_MOODS: readonly string[] = ['Sad', 'Depressed'];
/** At most this many catalogue-task findings are answered: the strongest ones. */
export const MAX_TASK_FINDINGS = 10;

/** Each local day of the year (in the user's time zone) with a mood, a diary entry or points. */
export async function getCalendar(
  db: Database,
  auth: AuthContext,
  year: number,
): Promise<InsightsCalendar> {
  const y = String(year).padStart(4, '0');
  const rows = await listCalendarDays(db, auth.userId, `${y}-01-01`, `${y}-12-31`);
  return presentCalendar(year, rows);
}

/** The moods of the last `days` local days ending today, their counts, and by weekday. */
export async function getTrends(
  db: Database,
  auth: AuthContext,
  days: number,
): Promise<InsightsTrends> {
  const start = addDays(auth.today, -(days - 1));
  const rows = await listMoodDays(db, auth.userId, start, auth.today);
  return presentTrends(days, start, auth.today, rows);
}

/** The user's mood, check-ins, diary entry (opened) and completed tasks of one local day. */
export async function getDay(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  date: string,
): Promise<InsightsDay> {
  const [rows, day, backfill] = await Promise.all([
    findDay(db, auth.userId, date),
    getDayCheckIns(db, vault, auth, date),
    canBackfill(db, auth, date),
  ]);
  return presentDay(date, rows, day.checkIns, backfill, vault);
}

/**
 * Whether the dashboard offers the support card today: the shared rule over the latest
 * SUPPORT_WINDOW_DAYS days with a mood, unless the user dismissed it in the last 7 days.
 */
export async function getSupport(db: Database, auth: AuthContext): Promise<InsightsSupport> {
  const [latest, dismissedOn] = await Promise.all([
    listLatestMoods(db, auth.userId, auth.today, SUPPORT_WINDOW_DAYS),
    findSupportDismissedOn(db, auth.userId),
  ]);
  return presentSupport(showSupport(latest, dismissedOn, auth.today), dismissedOn);
}

/** Hides the support card for 7 days from the user's local today. */
export async function dismissSupport(db: Database, auth: AuthContext): Promise<InsightsSupport> {
  await setSupportDismissedOn(db, auth.userId, auth.today);
  return presentSupport(false, auth.today);
}

/**
 * What went with a better mood: each catalogue task and each task mood against the NEXT day's
 * mood (the days it was completed vs the other days whose next day has a mood), and the days with
 * a diary entry against those without (the same day's mood, over the days that have one). Only
 * comparisons with FINDING_MIN_DAYS on each side count; tasks and task moods only when the days
 * with them were better. Plus the support rule over the last five days with a mood.
 */
export async function getFindings(db: Database, auth: AuthContext): Promise<InsightsFindings> {
  const [allDays, templateRows, taskMoodRows, diaryDays, activityRows, support] = await Promise.all(
    [
      sumMoodDayLevels(db, auth.userId, auth.today),
      sumNextDayLevelsByTemplate(db, auth.userId, auth.today),
      sumNextDayLevelsByTaskMood(db, auth.userId, auth.today),
      sumDiaryDayLevels(db, auth.userId, auth.today),
      listActivityMoodSums(db, auth.userId),
      getSupport(db, auth),
    ],
  );
  // A day's mood is the next day's of the day before it, so the days a next-day comparison can
  // speak of have the same sums as the days with a mood.
  const against = (days: LevelSums) => compareSums(days, subtractSums(allDays, days));

  const results: FindingResult[] = [];
  const taskResults: FindingResult[] = [];
  for (const { title, ...days } of templateRows) {
    const comparison = against(days);
    if (comparison && isBetter(comparison)) taskResults.push({ kind: 'task', title, comparison });
  }
  taskResults.sort((a, b) => gap(b.comparison) - gap(a.comparison));
  results.push(...taskResults.slice(0, MAX_TASK_FINDINGS));
  const moodResults: FindingResult[] = [];
  for (const { mood, ...days } of taskMoodRows) {
    const comparison = against(days);
    if (isChosenMood(mood) && comparison && isBetter(comparison))
      moodResults.push({ kind: 'taskMood', mood, comparison });
  }
  moodResults.sort((a, b) => gap(b.comparison) - gap(a.comparison));
  results.push(...moodResults);

  const diary = against(diaryDays);
  if (diary) results.push({ kind: 'diary', comparison: diary });

  const activityResults = compareSameDay(allDays, activityRows);
  results.push(...activityResults.map((r): FindingResult => ({ kind: 'activity', ...r })));
  return presentFindings(results, support.show);
}

/**
 * The same-day comparison of each subject's days against the other days with a mood (decisions
 * 075 and 078): only those with FINDING_MIN_DAYS on each side, better or worse, the widest gaps
 * first, at most MAX_SAME_DAY_FINDINGS. `allDays` are the sums of every day with a mood.
 */
export function compareSameDay(
  allDays: LevelSums,
  subjects: (LevelSums & { name: string })[],
): { name: string; comparison: Comparison }[] {
  const results: { name: string; comparison: Comparison }[] = [];
  for (const subject of subjects) {
    const comparison = compareSums(subject, subtractSums(allDays, subject));
    if (comparison) results.push({ name: subject.name, comparison });
  }
  results.sort((a, b) => Math.abs(gap(b.comparison)) - Math.abs(gap(a.comparison)));
  return results.slice(0, MAX_SAME_DAY_FINDINGS);
}

/**
 * The feeling words of a month (the user's local current month when none is given): how often
 * each was named, and what went together with a better or worse day over every day up to the
 * month's end (decision 076).
 */
export async function getFeelings(
  db: Database,
  auth: AuthContext,
  month = monthOf(auth.today),
): Promise<InsightsFeelings> {
  if (month > monthOf(auth.today)) {
    const message = 'That month has not come yet';
    throw new AppError('DAY_OUT_OF_RANGE', message, [{ path: 'month', message }]);
  }
  const range = monthRange(month);
  const end = range.end < auth.today ? range.end : auth.today;
  const [allDays, feelingRows, wordRows] = await Promise.all([
    sumMoodDayLevels(db, auth.userId, end),
    listCheckInFeelings(db, auth.userId, range.start, end),
    sumFeelingDayLevels(db, auth.userId, end),
  ]);
  return presentFeelings(
    month,
    countFeelings(feelingRows),
    compareSameDay(
      allDays,
      wordRows.map((row) => ({ ...row, name: row.word })),
    ),
  );
}

/**
 * "On this day" (decision 076): the same date a month and a year ago, each left out when nothing
 * was recorded on it, and a Sad or Depressed day left out unless the person turned them on.
 */
export async function getOnThisDay(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
): Promise<InsightsOnThisDay> {
  const spans = onThisDayDates(auth.today);
  const dates = spans.map((s) => s.date);
  const [preferences, moodRows, diaryRows, ...feelingRows] = await Promise.all([
    getPreferences(db, auth),
    findDayMoods(db, auth.userId, dates),
    findDiariesOn(db, auth.userId, dates),
    ...dates.map((date) => listCheckInFeelings(db, auth.userId, date, date)),
  ]);
  const showsLowDays = preferences.onThisDayShowsLowDays;
  const entries = spans.flatMap(({ date, label }, i): OnThisDayEntry[] => {
    const moodRow = moodRows.find((row) => row.localDate === date);
    const diary = diaryRows.find((row) => row.localDate === date);
    if (!moodRow && !diary) return [];
    const mood = moodRow ? getDayMood(moodRow.moodLevelSum, moodRow.checkInCount) : null;
    if (mood !== null && !showsLowDays && LOW_MOODS.includes(mood)) return [];
    return [
      {
        date,
        label,
        mood,
        checkInCount: moodRow?.checkInCount ?? 0,
        feelings: countFeelings(feelingRows[i] ?? []).map((f) => f.word),
        diary: diary ? excerptOf(vault.open(diary)) : null,
      },
    ];
  });
  return { entries, showsLowDays };
}

function gap(c: Comparison): number {
  return c.meanWith - c.meanWithout;
}
