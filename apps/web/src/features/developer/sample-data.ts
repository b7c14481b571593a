import type { Background, Goal, Task } from '@wellspring/shared';
import type { DialogContextMap, DialogName } from '@/config/dialogs';

const now = new Date().toISOString();

export const SAMPLE_TASK: Task = {
  id: '00000000-0000-4000-8000-000000000001',
  templateId: '00000000-0000-4000-8000-000000000002',
  goalId: '00000000-0000-4000-8000-000000000003',
  title: 'Take a ten-minute walk outside',
  description: 'Leave your phone in your pocket and notice three things you can hear.',
  status: 'OnGoing',
  mood: 'Happy',
  points: 2500,
  createdAt: now,
  completedAt: null,
};

export const SAMPLE_GOAL: Goal = {
  id: '00000000-0000-4000-8000-000000000003',
  target: 50_000,
  earned: 32_500,
  completionPercent: 65,
  taskCompleted: 9,
  status: 'OnProgress',
  tier: 1,
  hasClaimedReward: false,
  backgroundRewardId: null,
  createdAt: now,
  completedAt: null,
};

export const SAMPLE_BACKGROUND: Background = {
  id: '00000000-0000-4000-8000-000000000004',
  name: 'Lakeside Dusk',
  // The API answers it absolute; this sample is shown on the page that serves the artwork.
  URL: '/backgrounds/lakeside-dusk.svg',
  tier: 1,
};

/** Sample context data for each dialog the developer dialog can open. */
export const SAMPLE_CONTEXT: { [N in Exclude<DialogName, 'developer'>]: DialogContextMap[N] } = {
  diaryCreation: undefined,
  taskDetail: { task: SAMPLE_TASK },
  taskComplete: {
    oldGoal: SAMPLE_GOAL,
    newGoal: { ...SAMPLE_GOAL, earned: 35_000, completionPercent: 70 },
  },
  taskExpired: { count: 2 },
  goalCompleted: {
    goal: { ...SAMPLE_GOAL, earned: 50_000, completionPercent: 100, status: 'Completed' },
  },
  userProfile: undefined,
  newDay: undefined,
  goalPrize: { background: SAMPLE_BACKGROUND },
  checkIn: undefined,
  activities: undefined,
};
