import { and, asc, desc, eq, gte, notExists, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { backgrounds, goals, userBackgrounds } from '../../db/schema';

export type GoalRow = typeof goals.$inferSelect;

/** Which goal is current: the one in progress, else the latest. */
const CURRENT_FIRST = [
  sql`(${goals.status} = 'OnProgress') desc`,
  desc(goals.createdAt),
  desc(goals.id),
] as const;

/** The user's current goal: the one in progress, else the latest; null before the first goal. */
export async function findCurrentGoal(db: Executor, userId: string): Promise<GoalRow | null> {
  const [row] = await db
    .select()
    .from(goals)
    .where(eq(goals.userId, userId))
    .orderBy(...CURRENT_FIRST)
    .limit(1);
  return row ?? null;
}

export async function findGoalInProgress(db: Executor, userId: string): Promise<GoalRow | null> {
  const [row] = await db
    .select()
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.status, 'OnProgress')))
    .limit(1);
  return row ?? null;
}

/** Every goal of the user in the order they were created, oldest first (decision 030). */
export async function listGoals(db: Executor, userId: string): Promise<GoalRow[]> {
  return db
    .select()
    .from(goals)
    .where(eq(goals.userId, userId))
    .orderBy(asc(goals.createdAt), asc(goals.id));
}

/** Starts a goal in progress with the target and its tier. */
export async function insertGoal(
  tx: Transaction,
  userId: string,
  target: number,
  tier: number,
  now: Date,
): Promise<GoalRow> {
  const [row] = await tx.insert(goals).values({ userId, target, tier, createdAt: now }).returning();
  return row!;
}

/** Sets the goal's target and tier; answers the row as it is now. */
export async function setGoalTarget(
  tx: Transaction,
  userId: string,
  goalId: string,
  target: number,
  tier: number,
): Promise<GoalRow | undefined> {
  const [row] = await tx
    .update(goals)
    .set({ target, tier })
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
    .returning();
  return row;
}

/**
 * Credits a completed task's points to its goal and, when they reach the target of a goal in
 * progress, completes it and draws its reward (completeGoalIfReached). Answers the goal as it is
 * now; undefined when the user has no such goal.
 */
export async function creditTaskAndCompleteGoal(
  tx: Transaction,
  userId: string,
  goalId: string,
  points: number,
  now: Date,
): Promise<GoalRow | undefined> {
  const [credited] = await tx
    .update(goals)
    .set({
      earned: sql`${goals.earned} + ${points}`,
      taskCompleted: sql`${goals.taskCompleted} + 1`,
    })
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
    .returning();
  if (!credited) return undefined;
  return (await completeGoalIfReached(tx, userId, goalId, now)) ?? credited;
}

/** Marks the goal's reward claimed, once: undefined when it already was. */
export async function markRewardClaimed(
  tx: Transaction,
  userId: string,
  goalId: string,
): Promise<GoalRow | undefined> {
  const [row] = await tx
    .update(goals)
    .set({ hasClaimedReward: true })
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId), eq(goals.hasClaimedReward, false)))
    .returning();
  return row;
}

/**
 * Completes the goal if its earned points reach the target, and draws the reward: a background
 * of the goal's tier that the user does not own, at random; none when all of them are owned.
 */
export async function completeGoalIfReached(
  tx: Transaction,
  userId: string,
  goalId: string,
  now: Date,
): Promise<GoalRow | null> {
  const [completed] = await tx
    .update(goals)
    .set({ status: 'Completed', completedAt: now })
    .where(
      and(
        eq(goals.id, goalId),
        eq(goals.userId, userId),
        eq(goals.status, 'OnProgress'),
        gte(goals.earned, goals.target),
      ),
    )
    .returning();
  if (!completed) return null;
  // An imported goal was not seen earned here: reaching it draws nothing (decision 066).
  if (completed.imported) return completed;
  const [reward] = await tx
    .select({ id: backgrounds.id })
    .from(backgrounds)
    .where(
      and(
        eq(backgrounds.tier, completed.tier),
        notExists(
          tx
            // Stryker disable next-line ObjectLiteral,StringLiteral: NOT EXISTS reads no column.
            .select({ one: sql`1` })
            .from(userBackgrounds)
            .where(
              and(
                eq(userBackgrounds.userId, userId),
                eq(userBackgrounds.backgroundId, backgrounds.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  if (!reward) return completed;
  const [withReward] = await tx
    .update(goals)
    .set({ backgroundRewardId: reward.id })
    .where(eq(goals.id, goalId))
    .returning();
  return withReward ?? completed;
}
