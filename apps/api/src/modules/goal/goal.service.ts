import { AppError, getDifficultyTier, type Background, type Goal } from '@wellspring/shared';
import type { Database, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/app/context';
import { presentBackground } from '../background/background.presenter';
import { findBackground, grantBackground } from '../background/background.repository';
import { lockUser } from '../user/user.repository';
import { presentGoal } from './goal.presenter';
import {
  completeGoalIfReached,
  findCurrentGoal,
  findGoalInProgress,
  insertGoal,
  listGoals,
  markRewardClaimed,
  setGoalTarget,
  type GoalRow,
} from './goal.repository';

/** The current goal: the one in progress, else the latest; null before the first. */
export async function getCurrentGoal(db: Database, auth: AuthContext): Promise<Goal | null> {
  const row = await findCurrentGoal(db, auth.userId);
  return row ? presentGoal(row) : null;
}

export async function getAllGoals(db: Database, auth: AuthContext): Promise<Goal[]> {
  return (await listGoals(db, auth.userId)).map(presentGoal);
}

/** Starts a goal: refused while one is in progress or a won background is still unclaimed. */
export async function createGoal(
  db: Database,
  auth: AuthContext,
  target: number,
  now: Date,
): Promise<Goal> {
  return withOneGoalInProgress(() =>
    db.transaction(async (tx) => {
      await lockUser(tx, auth.userId);
      const current = await findCurrentGoal(tx, auth.userId);
      if (current?.status === 'OnProgress') {
        throw new AppError('GOAL_IN_PROGRESS', 'A goal is already in progress');
      }
      return startGoal(tx, auth.userId, current, target, now);
    }),
  );
}

/**
 * Sets the target of the goal in progress (a target already reached completes the goal). With no
 * goal in progress and no reward unclaimed, it starts the goal with that target (decision 030: the
 * onboarding of SPEC.md saves the target of a user who has no goal yet through this call). The
 * user's row lock makes racing calls take turns: the first starts the goal, the rest change it.
 */
export async function updateGoalTarget(
  db: Database,
  auth: AuthContext,
  target: number,
  now: Date,
): Promise<Goal> {
  return withOneGoalInProgress(() =>
    db.transaction(async (tx) => {
      await lockUser(tx, auth.userId);
      const goal = await findGoalInProgress(tx, auth.userId);
      if (!goal) {
        return startGoal(tx, auth.userId, await findCurrentGoal(tx, auth.userId), target, now);
      }
      const updated = await setGoalTarget(
        tx,
        auth.userId,
        goal.id,
        target,
        getDifficultyTier(target),
      );
      const completed = await completeGoalIfReached(tx, auth.userId, goal.id, now);
      return presentGoal(completed ?? updated!);
    }),
  );
}

/** Inserts a new goal in progress, unless the latest goal's won background is still unclaimed. */
async function startGoal(
  tx: Transaction,
  userId: string,
  latest: GoalRow | null,
  target: number,
  now: Date,
): Promise<Goal> {
  if (latest && latest.backgroundRewardId && !latest.hasClaimedReward) {
    throw new AppError('REWARD_UNCLAIMED', 'Claim the reward of your last goal first');
  }
  return presentGoal(await insertGoal(tx, userId, target, getDifficultyTier(target), now));
}

/** The database's one-goal-in-progress index is the last guard: its violation is a 409. */
async function withOneGoalInProgress<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'goals_one_in_progress_idx')) {
      throw new AppError('GOAL_IN_PROGRESS', 'A goal is already in progress');
    }
    throw error;
  }
}

/** Grants the background won by the current goal, once. */
export async function claimReward(
  db: Database,
  auth: AuthContext,
  now: Date,
  publicUrl: string,
): Promise<{ goal: Goal; background: Background }> {
  return db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    const goal = await findCurrentGoal(tx, auth.userId);
    if (!goal) throw new AppError('GOAL_NOT_COMPLETED', 'There is no goal yet');
    if (goal.status !== 'Completed') {
      throw new AppError('GOAL_NOT_COMPLETED', 'The goal is not completed yet');
    }
    if (goal.hasClaimedReward) {
      throw new AppError('REWARD_ALREADY_CLAIMED', 'The reward was already claimed');
    }
    if (!goal.backgroundRewardId) {
      throw new AppError('NO_REWARD', 'Every background of this tier is already yours');
    }
    const claimed = await markRewardClaimed(tx, auth.userId, goal.id);
    if (!claimed) throw new AppError('REWARD_ALREADY_CLAIMED', 'The reward was already claimed');
    await grantBackground(tx, auth.userId, goal.backgroundRewardId, now);
    const background = await findBackground(tx, goal.backgroundRewardId);
    return {
      goal: presentGoal(claimed),
      background: presentBackground(background!, publicUrl),
    };
  });
}
