import type {
  Background,
  BackgroundOwnership,
  Diary,
  Goal,
  HistoryRow,
  Session,
  Task,
  User,
} from '@wellspring/shared';

/*
 * The web tests' one set of test data, one line each (outline's `buildUser(overrides)` style):
 * every builder answers what the shared contract accepts, and mockApi checks it does.
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

/** An ownership record, as GET /v1/background/user/{userId} answers it. */
export function buildOwnership(overrides: Partial<BackgroundOwnership> = {}): BackgroundOwnership {
  return {
    id: nextId(),
    backgroundId: '00000000-0000-4000-8000-00000000c001',
    acquiredAt: '2024-05-01T08:00:00.000Z',
    ...overrides,
  };
}

export function buildHistoryRow(date: string, pointsEarned: number): HistoryRow {
  return { date, pointsEarned };
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    pictureURL: null,
    hasOnboarded: true,
    mood: 'Unknown',
    hasSetMoodToday: false,
    unannouncedExpiredTaskCount: 0,
    diaryStreak: 0,
    selectedBackgroundURL: null,
    // The browser's own zone, so the time-zone sync has nothing to send unless a test asks.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    emailVerified: true,
    ...overrides,
  };
}

export function buildDiary(overrides: Partial<Diary> = {}): Diary {
  const id = overrides.id ?? nextId();
  const date = overrides.date ?? '2024-05-03';
  return {
    id,
    date,
    dateCreated: `${date}T09:00:00.000Z`,
    content: 'A quiet day; a walk by the river.',
    ...overrides,
  };
}

export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    device: 'Chrome on Linux',
    createdAt: '2026-11-02T09:15:00.000Z',
    lastUsedAt: '2026-11-20T18:40:00.000Z',
    current: false,
    ...overrides,
  };
}
