import type { LevelSums } from '@wellspring/shared';
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { diaries, moodEntries, tasks, taskTemplates, users } from '../../db/schema';
import { dayMoodOf, findDayMoods } from '../check-ins/check-ins.repository';
import { dayLevelSums } from '../check-ins/mood-sums.repository';
import type { DiaryRow } from '../diary/diary.repository';

/** A local day of the calendar: its mood (if any), whether it has a diary entry, its points. */
export interface CalendarDayRow {
  day: string;
  mood: string | null;
  /** How many check-ins the day's mood is the mean of (0 without one). */
  checkInCount: number;
  hasDiary: boolean;
  points: number;
}

/**
 * Every local day from `start` to `end` with a mood, a diary entry or points earned, in order,
 * in one statement: three index range reads of the user's rows ((user, day) keys of the moods and
 * diaries, (user, completed_on) of the tasks) folded by day.
 */
export async function listCalendarDays(
  db: Executor,
  userId: string,
  start: string,
  end: string,
): Promise<CalendarDayRow[]> {
  const result = await db.execute(calendarQuery(userId, start, end));
  // Both drivers answer an object with the rows (node-postgres' QueryResult, PGlite's Results).
  const { rows } = result as unknown as {
    rows: {
      day: string;
      mood: string | null;
      check_ins: number | string;
      has_diary: boolean;
      points: number | string;
    }[];
  };
  return rows.map((r) => ({
    day: r.day,
    mood: r.mood,
    checkInCount: Number(r.check_ins),
    hasDiary: r.has_diary,
    points: Number(r.points),
  }));
}

/** The statement listCalendarDays runs (bench/insights.ts times it). */
export function calendarQuery(userId: string, start: string, end: string): SQL {
  return sql`
    select day::text as day, max(mood) as mood, coalesce(max(check_ins), 0)::int as check_ins,
           bool_or(has_diary) as has_diary, coalesce(sum(points), 0)::int as points
    from (
      select ${moodEntries.localDate} as day, ${moodEntries.mood} as mood,
             ${moodEntries.checkInCount} as check_ins, false as has_diary, 0 as points
      from ${moodEntries}
      where ${moodEntries.userId} = ${userId}
        and ${moodEntries.localDate} between ${start}::date and ${end}::date
      union all
      select ${diaries.localDate}, null, 0, true, 0
      from ${diaries}
      where ${diaries.userId} = ${userId}
        and ${diaries.localDate} between ${start}::date and ${end}::date
      union all
      select ${tasks.completedOn}, null, 0, false, ${tasks.points}
      from ${tasks}
      where ${tasks.userId} = ${userId} and ${tasks.status} = 'Completed'
        and ${tasks.completedOn} between ${start}::date and ${end}::date
    ) as d
    group by day
    order by day
  `;
}

/** A subject's LevelSums (packages/shared): how many days, the sums of their moods' levels. */
export type SubjectSums<K extends string> = Record<K, string> & LevelSums;

/**
 * The user's distinct days up to `end` on which a task was completed, each with its template
 * (and title) and the mood it was picked for: what the next-day comparisons group.
 */
function completedTaskDays(db: Executor, userId: string, end: string) {
  return db
    .selectDistinct({
      day: tasks.completedOn,
      templateId: tasks.templateId,
      mood: tasks.mood,
    })
    .from(tasks)
    .where(
      and(eq(tasks.userId, userId), eq(tasks.status, 'Completed'), lte(tasks.completedOn, end)),
    )
    .as('done');
}

/**
 * For each task template, the LevelSums of the next days' moods after the days it was completed
 * on (each day once), up to `end` (the task findings, decision 078).
 */
export async function sumNextDayLevelsByTemplate(
  db: Executor,
  userId: string,
  end: string,
): Promise<SubjectSums<'title'>[]> {
  const done = completedTaskDays(db, userId, end);
  const byTemplate = db
    .selectDistinct({ day: done.day, templateId: done.templateId })
    .from(done)
    .as('by_template');
  return db
    .select({ title: taskTemplates.title, ...dayLevelSums })
    .from(byTemplate)
    .innerJoin(taskTemplates, eq(taskTemplates.id, byTemplate.templateId))
    .innerJoin(
      moodEntries,
      and(
        eq(moodEntries.userId, userId),
        eq(moodEntries.localDate, sql`${byTemplate.day} + 1`),
        lte(moodEntries.localDate, end),
      ),
    )
    .groupBy(taskTemplates.id, taskTemplates.title);
}

/**
 * For each mood a completed task was picked for, the LevelSums of the next days' moods after the
 * days such a task was completed on (each day once), up to `end`.
 */
export async function sumNextDayLevelsByTaskMood(
  db: Executor,
  userId: string,
  end: string,
): Promise<SubjectSums<'mood'>[]> {
  const done = completedTaskDays(db, userId, end);
  const byMood = db.selectDistinct({ day: done.day, mood: done.mood }).from(done).as('by_mood');
  return db
    .select({ mood: byMood.mood, ...dayLevelSums })
    .from(byMood)
    .innerJoin(
      moodEntries,
      and(
        eq(moodEntries.userId, userId),
        eq(moodEntries.localDate, sql`${byMood.day} + 1`),
        lte(moodEntries.localDate, end),
      ),
    )
    .groupBy(byMood.mood);
}

/** The LevelSums of the user's days up to `end` that have both a mood and a diary entry. */
export async function sumDiaryDayLevels(
  db: Executor,
  userId: string,
  end: string,
): Promise<LevelSums> {
  const [row] = await db
    .select(dayLevelSums)
    .from(diaries)
    .innerJoin(moodEntries, dayMoodOf(diaries.userId, diaries.localDate))
    .where(and(eq(diaries.userId, userId), lte(diaries.localDate, end)));
  return row!;
}

// ---- One day (GET /insights/day) ----------------------------------------------------------

/** What the user kept on one local day: its mood, its (sealed) diary entry, its tasks done. */
export interface DayRows {
  mood: string | null;
  diary: DiaryRow | null;
  tasks: { id: string; title: string; mood: string; points: number; completedAt: Date }[];
}

/** The user's mood, diary entry and completed tasks of the local day `day`: three key reads. */
export async function findDay(db: Executor, userId: string, day: string): Promise<DayRows> {
  const [moodRows, diaryRows, taskRows] = await Promise.all([
    findDayMoods(db, userId, [day]),
    db
      .select()
      .from(diaries)
      .where(and(eq(diaries.userId, userId), eq(diaries.localDate, day))),
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        mood: tasks.mood,
        points: tasks.points,
        completedAt: tasks.completedAt,
      })
      .from(tasks)
      .where(
        and(eq(tasks.userId, userId), eq(tasks.status, 'Completed'), eq(tasks.completedOn, day)),
      )
      .orderBy(asc(tasks.completedAt), asc(tasks.id)),
  ]);
  return {
    mood: moodRows[0]?.mood ?? null,
    diary: diaryRows[0] ?? null,
    tasks: taskRows.filter((t): t is typeof t & { completedAt: Date } => t.completedAt !== null),
  };
}

/** The user's (sealed) diary entries of the given local days: one key read each. */
export async function findDiariesOn(
  db: Executor,
  userId: string,
  days: string[],
): Promise<DiaryRow[]> {
  if (days.length === 0) return [];
  return db
    .select()
    .from(diaries)
    .where(and(eq(diaries.userId, userId), inArray(diaries.localDate, days)));
}

// ---- The support card's dismissal ---------------------------------------------------------

/** The local day the user last dismissed the support card, or null. */
export async function findSupportDismissedOn(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ on: users.supportDismissedOn })
    .from(users)
    .where(eq(users.id, userId));
  return row?.on ?? null;
}

/** Records that the user dismissed the support card on their local day `day`. */
export async function setSupportDismissedOn(
  db: Executor,
  userId: string,
  day: string,
): Promise<void> {
  await db.update(users).set({ supportDismissedOn: day }).where(eq(users.id, userId));
}
