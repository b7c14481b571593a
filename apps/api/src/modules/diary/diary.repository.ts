import { addDays, getDiaryStreak } from '@wellspring/shared';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { diaries } from '../../db/schema';

/** The window read first for the streak; most streaks end inside it, so one small read does. */
const STREAK_WINDOW_DAYS = 62;

/** The derived diary streak of a user on their local `today`. */
export async function getStreak(db: Executor, userId: string, today: string): Promise<number> {
  const since = addDays(today, -STREAK_WINDOW_DAYS);
  const recent = await db
    .select({ d: diaries.localDate })
    .from(diaries)
    .where(and(eq(diaries.userId, userId), gte(diaries.localDate, since)))
    .orderBy(desc(diaries.localDate));
  const streak = getDiaryStreak(
    recent.map((r) => r.d),
    today,
  );
  if (streak < STREAK_WINDOW_DAYS - 1) return streak;
  const all = await db
    .select({ d: diaries.localDate })
    .from(diaries)
    .where(eq(diaries.userId, userId))
    .orderBy(desc(diaries.localDate));
  return getDiaryStreak(
    all.map((r) => r.d),
    today,
  );
}

export async function listDiaries(db: Executor, userId: string) {
  return db
    .select()
    .from(diaries)
    .where(eq(diaries.userId, userId))
    .orderBy(desc(diaries.localDate));
}
