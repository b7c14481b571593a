import type { Goal } from '@wellspring/shared';
import type { GoalRow } from './goal.repository';

export function presentGoal(row: GoalRow): Goal {
  return {
    id: row.id,
    target: row.target,
    earned: row.earned,
    completionPercent: row.target > 0 ? Math.floor((row.earned * 100) / row.target) : 0,
    taskCompleted: row.taskCompleted,
    status: row.status === 'Completed' ? 'Completed' : 'OnProgress',
    tier: row.tier as Goal['tier'],
    hasClaimedReward: row.hasClaimedReward,
    backgroundRewardId: row.backgroundRewardId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}
