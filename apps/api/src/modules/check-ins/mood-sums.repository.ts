// The sums the comparisons of Insights read (decision 078): a day's exact mood added up over
// groups of days in SQL, and each activity's sums, kept with every write of a day.
import type { LevelSums } from '@wellspring/shared';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import {
  activities,
  activityMoodSums,
  checkInActivities,
  checkIns,
  moodEntries,
} from '../../db/schema';

/** A day's exact mood: the mean level of its check-ins (decision 073). */
const dayLevel = sql<number>`${moodEntries.moodLevelSum}::float8 / ${moodEntries.checkInCount}`;

/**
 * The LevelSums (packages/shared) of the day moods a statement has joined (with dayMoodOf), by
 * its groups or whole: what a comparison needs, without sending each day (decision 078).
 */
export const dayLevelSums = {
  days: sql<number>`count(*)::int`,
  sum: sql<number>`coalesce(sum(${dayLevel}), 0)`,
  sumOfSquares: sql<number>`coalesce(sum(${dayLevel} * ${dayLevel}), 0)`,
};

/** The LevelSums of every day of the user's up to `end` (from `start`, if given) with a mood. */
export async function sumMoodDayLevels(
  db: Executor,
  userId: string,
  end: string,
  start?: string,
): Promise<LevelSums> {
  const [row] = await db
    .select(dayLevelSums)
    .from(moodEntries)
    .where(
      and(
        eq(moodEntries.userId, userId),
        start === undefined ? undefined : gte(moodEntries.localDate, start),
        lte(moodEntries.localDate, end),
      ),
    );
  return row!;
}

/** Each of the user's activities with its kept LevelSums (decision 078), named or not since. */
export async function listActivityMoodSums(
  db: Executor,
  userId: string,
): Promise<(LevelSums & { name: string })[]> {
  return db
    .select({
      name: activities.name,
      days: activityMoodSums.days,
      sum: activityMoodSums.levelSum,
      sumOfSquares: activityMoodSums.levelSquareSum,
    })
    .from(activityMoodSums)
    .innerJoin(activities, eq(activities.id, activityMoodSums.activityId))
    .where(eq(activityMoodSums.userId, userId));
}

/**
 * Each activity the user named from `start` to `end`, with the LevelSums of the days it was named
 * on, each day once: the report's findings over its own range, counted from the check-ins (the
 * kept sums cover every day, decision 078).
 */
export async function sumActivityDayLevelsBetween(
  db: Executor,
  userId: string,
  start: string,
  end: string,
): Promise<(LevelSums & { name: string })[]> {
  const named = db
    .selectDistinct({ day: checkIns.localDate, activityId: checkInActivities.activityId })
    .from(checkInActivities)
    .innerJoin(checkIns, eq(checkIns.id, checkInActivities.checkInId))
    .where(
      and(
        eq(checkIns.userId, userId),
        gte(checkIns.localDate, start),
        lte(checkIns.localDate, end),
      ),
    )
    .as('named');
  return db
    .select({ name: activities.name, ...dayLevelSums })
    .from(named)
    .innerJoin(activities, eq(activities.id, named.activityId))
    .innerJoin(
      moodEntries,
      and(eq(moodEntries.userId, userId), eq(moodEntries.localDate, named.day)),
    )
    .groupBy(activities.id, activities.name);
}

/** What a day adds to the activity sums: its exact mood (null: none) and the activities named. */
export interface DayShare {
  level: number | null;
  activityIds: string[];
}

export async function findDayShare(
  tx: Transaction,
  userId: string,
  localDate: string,
): Promise<DayShare> {
  const [mood] = await tx
    .select({ level: dayLevel })
    .from(moodEntries)
    .where(and(eq(moodEntries.userId, userId), eq(moodEntries.localDate, localDate)));
  const named = await tx
    .selectDistinct({ activityId: checkInActivities.activityId })
    .from(checkInActivities)
    .innerJoin(checkIns, eq(checkIns.id, checkInActivities.checkInId))
    .where(and(eq(checkIns.userId, userId), eq(checkIns.localDate, localDate)));
  return { level: mood?.level ?? null, activityIds: named.map((row) => row.activityId) };
}

/** Adds each change to its activity's sums, a first one starting them. */
export async function addActivityMoodSums(
  tx: Transaction,
  userId: string,
  changes: (LevelSums & { activityId: string })[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx
    .insert(activityMoodSums)
    .values(
      changes.map((c) => ({
        activityId: c.activityId,
        userId,
        days: c.days,
        levelSum: c.sum,
        levelSquareSum: c.sumOfSquares,
      })),
    )
    .onConflictDoUpdate({
      target: activityMoodSums.activityId,
      set: {
        days: sql`${activityMoodSums.days} + excluded.days`,
        levelSum: sql`${activityMoodSums.levelSum} + excluded.level_sum`,
        levelSquareSum: sql`${activityMoodSums.levelSquareSum} + excluded.level_square_sum`,
      },
    });
}

/**
 * Counts the user's activity sums again from their check-ins (as migration 0020 did for every
 * user): after a write that moves many days at once, an import or a merge.
 */
export async function rebuildActivityMoodSums(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(activityMoodSums).where(eq(activityMoodSums.userId, userId));
  const named = tx
    .selectDistinct({ day: checkIns.localDate, activityId: checkInActivities.activityId })
    .from(checkInActivities)
    .innerJoin(checkIns, eq(checkIns.id, checkInActivities.checkInId))
    .where(eq(checkIns.userId, userId))
    .as('named');
  await tx.insert(activityMoodSums).select(
    tx
      .select({
        activityId: named.activityId,
        userId: sql`${userId}::uuid`.as('user_id'),
        days: dayLevelSums.days.as('days'),
        levelSum: dayLevelSums.sum.as('level_sum'),
        levelSquareSum: dayLevelSums.sumOfSquares.as('level_square_sum'),
      })
      .from(named)
      .innerJoin(
        moodEntries,
        and(eq(moodEntries.userId, userId), eq(moodEntries.localDate, named.day)),
      )
      .groupBy(named.activityId),
  );
}

/**
 * For each feeling word the user named up to `end`, the LevelSums of the days it was named on,
 * each day once (feelings by month, decision 078): one row a word.
 */
export async function sumFeelingDayLevels(
  db: Executor,
  userId: string,
  end: string,
): Promise<(LevelSums & { word: string })[]> {
  const named = db
    .selectDistinct({
      day: checkIns.localDate,
      word: sql<string>`unnest(${checkIns.feelings})`.as('word'),
    })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.userId, userId),
        lte(checkIns.localDate, end),
        sql`cardinality(${checkIns.feelings}) > 0`,
      ),
    )
    .as('named');
  return db
    .select({ word: named.word, ...dayLevelSums })
    .from(named)
    .innerJoin(
      moodEntries,
      and(eq(moodEntries.userId, userId), eq(moodEntries.localDate, named.day)),
    )
    .groupBy(named.word);
}
