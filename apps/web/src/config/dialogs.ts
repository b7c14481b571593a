import type { Background, Goal, LocalDate, Task } from '@wellspring/shared';

/** Every dialog name of SPEC.md section 2, and the quick check-in (decision 073). */
export const DIALOG_NAMES = [
  'diaryCreation',
  'taskDetail',
  'taskComplete',
  'taskExpired',
  'goalCompleted',
  'userProfile',
  'newDay',
  'goalPrize',
  'developer',
  'checkIn',
  'activities',
] as const;

export type DialogName = (typeof DIALOG_NAMES)[number];

/** The context data each dialog is opened with (undefined: none). */
export interface DialogContextMap {
  /** With a date: back-filling the diary of that missed past day (decision 073). */
  diaryCreation: { date: LocalDate } | undefined;
  taskDetail: { task: Task };
  taskComplete: { oldGoal: Goal; newGoal: Goal };
  taskExpired: { count: number };
  goalCompleted: { goal: Goal } | undefined;
  userProfile: undefined;
  newDay: undefined;
  goalPrize: { background: Background };
  developer: undefined;
  /** With a date: a check-in back-filled for that missed past day; without: taken now. */
  checkIn: { date: LocalDate } | undefined;
  /** The user's activity list: add, rename, regroup, reorder, archive, merge (decision 074). */
  activities: undefined;
}

/** All except diaryCreation and newDay close on a click outside (and on Escape). */
export const DIALOGS_KEPT_OPEN_ON_OUTSIDE_CLICK: readonly DialogName[] = [
  'diaryCreation',
  'newDay',
];

/** SPEC.md section 9: the close animation, and the grace period after opening. */
export const DIALOG_CLOSE_MS = 200;
export const DIALOG_OPEN_GRACE_MS = 100;
