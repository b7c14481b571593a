import {
  addDays,
  AppError,
  compareDays,
  countFeelings,
  excerptOf,
  getDayMood,
  monthOf,
  monthRange,
  onThisDayDates,
  isBetter,
  isChosenMood,
  moodLevel,
  showSupport,
  SUPPORT_WINDOW_DAYS,
  type ChosenMood,
  type Comparison,
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
import { listActivityDays } from '../activities/activities.repository';
import {
  findDayMoods,
  listCheckInFeelings,
  listLatestMoods,
  listMoodDays,
} from '../check-ins/check-ins.repository';
import { getPreferences } from '../preferences/preferences.service';
import { canBackfill, getDayCheckIns } from '../check-ins/check-ins.service';
import {
  findDay,
  findDiariesOn,
  findSupportDismissedOn,
  listCalendarDays,
  listCompletedTaskDays,
  listDiaryDays,
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
  const [moodRows, taskRows, diaryDays, activityRows, support] = await Promise.all([
    listMoodDays(db, auth.userId, null, auth.today),
    listCompletedTaskDays(db, auth.userId, auth.today),
    listDiaryDays(db, auth.userId, auth.today),
    listActivityDays(db, auth.userId, auth.today),
    getSupport(db, auth),
  ]);
  const levelOf = new Map<string, number>();
  for (const row of moodRows) {
    const level = moodLevel(row.mood);
    if (level !== null) levelOf.set(row.day, level);
  }
  // Every day whose next day has a mood: the days a next-day comparison can speak of.
  const nextDayLevel = new Map<string, number>();
  for (const [day, level] of levelOf) nextDayLevel.set(addDays(day, -1), level);

  const compareNextDay = (days: Set<string>): Comparison | null => {
    const withLevels: number[] = [];
    const withoutLevels: number[] = [];
    for (const [day, level] of nextDayLevel)
      (days.has(day) ? withLevels : withoutLevels).push(level);
    return compareDays(withLevels, withoutLevels);
  };

  const byTemplate = new Map<string, { title: string; days: Set<string> }>();
  const byMood = new Map<ChosenMood, Set<string>>();
  for (const row of taskRows) {
    const template = byTemplate.get(row.templateId) ?? { title: row.title, days: new Set() };
    template.days.add(row.day);
    byTemplate.set(row.templateId, template);
    if (isChosenMood(row.mood)) {
      const days = byMood.get(row.mood) ?? new Set();
      days.add(row.day);
      byMood.set(row.mood, days);
    }
  }

  const results: FindingResult[] = [];
  const taskResults: FindingResult[] = [];
  for (const { title, days } of byTemplate.values()) {
    const comparison = compareNextDay(days);
    if (comparison && isBetter(comparison)) taskResults.push({ kind: 'task', title, comparison });
  }
  taskResults.sort((a, b) => gap(b.comparison) - gap(a.comparison));
  results.push(...taskResults.slice(0, MAX_TASK_FINDINGS));
  const moodResults: FindingResult[] = [];
  for (const [mood, days] of byMood) {
    const comparison = compareNextDay(days);
    if (comparison && isBetter(comparison))
      moodResults.push({ kind: 'taskMood', mood, comparison });
  }
  moodResults.sort((a, b) => gap(b.comparison) - gap(a.comparison));
  results.push(...moodResults);

  const diarySet = new Set(diaryDays);
  const withDiary: number[] = [];
  const withoutDiary: number[] = [];
  for (const [day, level] of levelOf) (diarySet.has(day) ? withDiary : withoutDiary).push(level);
  const diary = compareDays(withDiary, withoutDiary);
  if (diary) results.push({ kind: 'diary', comparison: diary });

  results.push(...findActivityFindings(moodRows, activityRows));
  return presentFindings(results, support.show);
}

/**
 * Each activity's finding (decision 075): the mean mood of the days it was named on against the
 * days with a mood it was not, the exact mean of each day's check-ins.
 */
function findActivityFindings(
  moodRows: MoodDayRow[],
  activityRows: { day: string; activityId: string; name: string }[],
): FindingResult[] {
  const byActivity = new Map<string, { name: string; days: Set<string> }>();
  for (const row of activityRows) {
    const activity = byActivity.get(row.activityId) ?? { name: row.name, days: new Set() };
    activity.days.add(row.day);
    byActivity.set(row.activityId, activity);
  }
  return compareSameDay(moodRows, [...byActivity.values()]).map(({ name, comparison }) => ({
    kind: 'activity',
    name,
    comparison,
  }));
}

type MoodDayRow = { day: string; checkInCount: number; moodLevelSum: number };

/**
 * The same-day comparison of each subject's days against the other days with a mood (decision
 * 075): only those with FINDING_MIN_DAYS on each side, better or worse, the widest gaps first, at
 * most MAX_SAME_DAY_FINDINGS.
 */
function compareSameDay(
  moodRows: MoodDayRow[],
  subjects: { name: string; days: Set<string> }[],
): { name: string; comparison: Comparison }[] {
  const results: { name: string; comparison: Comparison }[] = [];
  for (const { name, days } of subjects) {
    const withLevels: number[] = [];
    const withoutLevels: number[] = [];
    for (const row of moodRows) {
      (days.has(row.day) ? withLevels : withoutLevels).push(row.moodLevelSum / row.checkInCount);
    }
    const comparison = compareDays(withLevels, withoutLevels);
    if (comparison) results.push({ name, comparison });
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
  const [moodRows, feelingRows] = await Promise.all([
    listMoodDays(db, auth.userId, null, end),
    listCheckInFeelings(db, auth.userId, null, end),
  ]);
  const byWord = new Map<string, Set<string>>();
  for (const { day, feelings } of feelingRows) {
    for (const word of feelings) byWord.set(word, (byWord.get(word) ?? new Set()).add(day));
  }
  const subjects = [...byWord].map(([name, days]) => ({ name, days }));
  return presentFeelings(
    month,
    countFeelings(feelingRows.filter((row) => row.day >= range.start)),
    compareSameDay(moodRows, subjects),
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
