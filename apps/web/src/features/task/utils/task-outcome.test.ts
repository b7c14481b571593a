import type { Goal } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { doesTaskCompleteGoal, getDialogPercent, getGoalBeforeTask } from './task-outcome';

const goal: Goal = {
  id: '00000000-0000-4000-8000-000000000003',
  target: 50_000,
  earned: 50_000,
  completionPercent: 100,
  taskCompleted: 10,
  status: 'Completed',
  tier: 1,
  hasClaimedReward: false,
  backgroundRewardId: '00000000-0000-4000-8000-000000000004',
  createdAt: '2024-05-01T08:00:00.000Z',
  completedAt: '2024-05-03T08:00:00.000Z',
};

describe('task outcome', () => {
  it('rebuilds the goal before the task', () => {
    const before = getGoalBeforeTask(goal, { points: 4_000 });
    expect(before).toMatchObject({
      earned: 46_000,
      taskCompleted: 9,
      completionPercent: 92,
      status: 'OnProgress',
      completedAt: null,
      backgroundRewardId: null,
    });
  });

  it('completes the goal when points plus earned reach or pass the target', () => {
    const before = { ...goal, earned: 46_000, status: 'OnProgress' as const };
    expect(doesTaskCompleteGoal(before, { points: 4_000 })).toBe(true);
    expect(doesTaskCompleteGoal(before, { points: 5_000 })).toBe(true);
    expect(doesTaskCompleteGoal(before, { points: 3_999 })).toBe(false);
  });

  it('shows 0 percent when the target is 0', () => {
    expect(getDialogPercent(5_000, 0)).toBe(0);
    expect(getDialogPercent(0, 50_000)).toBe(0);
    expect(getDialogPercent(12_345, 50_000)).toBe(24);
  });
});
