import type { Background, Goal, HistoryRow, Task } from '@wellspring/shared';

/*
 * Test data for the task, goal, statistics and collections screens, one line each
 * (outline's `buildUser(overrides)` style).
 */

/** Where the API's artwork URLs point in these tests: absolute, as the API answers them. */
export const TEST_API_ORIGIN = 'http://localhost:3000';

let sequence = 0;
function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function buildGoal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: '00000000-0000-4000-8000-00000000a001',
    target: 50_000,
    earned: 20_000,
    completionPercent: 40,
    taskCompleted: 4,
    status: 'OnProgress',
    tier: 1,
    hasClaimedReward: false,
    backgroundRewardId: null,
    createdAt: '2024-05-01T08:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

export function buildTask(overrides: Partial<Task> = {}): Task {
  const id = overrides.id ?? nextId();
  return {
    id,
    templateId: '00000000-0000-4000-8000-00000000b001',
    goalId: '00000000-0000-4000-8000-00000000a001',
    title: `Task ${id.slice(-4)}`,
    description: 'A small, kind thing to do for yourself.',
    status: 'OnGoing',
    mood: 'Happy',
    points: 2_500,
    createdAt: '2024-05-03T09:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

export function buildBackground(overrides: Partial<Background> = {}): Background {
  const id = overrides.id ?? nextId();
  return {
    id,
    name: `Background ${id.slice(-4)}`,
    URL: `${TEST_API_ORIGIN}/backgrounds/${id.slice(-4)}.svg`,
    tier: 1,
    ...overrides,
  };
}

export function buildHistoryRow(date: string, pointsEarned: number): HistoryRow {
  return { date, pointsEarned };
}
