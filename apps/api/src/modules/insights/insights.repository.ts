import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { diaries, moodEntries, tasks, taskTemplates, users } from '../../db/schema';
import { findDayMoods } from '../check-ins/check-ins.repository';
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

/**
 * Each (local day, catalogue task) the user completed a task of, with the catalogue title and the
 * task's mood, up to `end`; a task done twice a day counts once.
 */
export async function listCompletedTaskDays(
  db: Executor,
  userId: string,
  end: string,
): Promise<{ day: string; templateId: string; title: string; mood: string }[]> {
  const rows = await db
    .selectDistinct({
      day: tasks.completedOn,
      templateId: tasks.templateId,
      title: taskTemplates.title,
      mood: tasks.mood,
    })
    .from(tasks)
    .innerJoin(taskTemplates, eq(taskTemplates.id, tasks.templateId))
    .where(
      and(eq(tasks.userId, userId), eq(tasks.status, 'Completed'), lte(tasks.completedOn, end)),
    );
  return rows.filter((r): r is typeof r & { day: string } => r.day !== null);
}

/** The local days up to `end` on which the user wrote a diary entry. */
export async function listDiaryDays(db: Executor, userId: string, end: string): Promise<string[]> {
  const rows = await db
    .select({ day: diaries.localDate })
    .from(diaries)
    .where(and(eq(diaries.userId, userId), lte(diaries.localDate, end)));
  return rows.map((r) => r.day);
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
