import type { ReportRequest, TaskStatus } from '@wellspring/shared';

/*
 * The query keys of every resource, one factory each, general to specific and holding every
 * variable the fetcher uses (STYLE.md). They live here, below the features, because a mutation of
 * one feature refreshes another's data (completing a task refreshes the goal and the history; a
 * claim refreshes the backgrounds): every feature reaches every key through its factory, and no
 * key is typed twice (decision 031).
 */

/** The signed-in user. */
export const userKeys = {
  all: ['user'] as const,
  detail: (userId: string) => ['user', userId] as const,
};

/** The goal in progress and the list of every goal. */
export const goalKeys = {
  all: ['goals'] as const,
  current: (userId: string) => ['goals', 'current', userId] as const,
  list: (userId: string) => ['goals', 'all', userId] as const,
};

/** The filters of a task page: SPEC.md's status ('' for All), page, size and a day. */
export interface TaskListParams {
  status: TaskStatus | '';
  page: number;
  size: number;
  /** A millisecond timestamp of the picked day, or undefined. */
  date?: number | undefined;
}

/** Task pages and the generated (suggested) task. */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => ['tasks', 'list'] as const,
  list: (userId: string, params: TaskListParams) => ['tasks', 'list', userId, params] as const,
  /** Every generated task, whatever the mood. */
  generatedAll: () => ['tasks', 'generated'] as const,
  generated: (userId: string, mood: string | undefined) =>
    ['tasks', 'generated', userId, mood ?? ''] as const,
  /** The mutation key of a task deletion, so the board can see the ones under way. */
  deletion: () => ['tasks', 'delete'] as const,
};

/** The history summary and the daily points of a range. */
export const historyKeys = {
  all: ['history'] as const,
  summary: (userId: string) => ['history', 'summary', userId] as const,
  days: (userId: string, range: { startDate: number; endDate: number }) =>
    ['history', 'days', userId, range] as const,
};

/** My Diary's pages, the dashboard's newest entry and the searches of the diary. */
export const diaryKeys = {
  all: ['diaries'] as const,
  /** My Diary: the entries a page at a time, newest first (an infinite query, decision 085). */
  pages: (userId: string) => ['diaries', 'pages', userId] as const,
  /** The newest entry up to `today` alone: all the dashboard needs of the diary. */
  newest: (userId: string, today: string) => ['diaries', 'newest', userId, today] as const,
  /** One batch (page) of a search for `words` (as typed, trimmed). */
  search: (userId: string, words: string, page: number) =>
    ['diaries', 'search', userId, words, page] as const,
};

/**
 * The looking-back views (decisions 036 and 037). A new mood, diary entry or completed task changes
 * them, so those writes invalidate `insightsKeys.all`.
 */
export const insightsKeys = {
  all: ['insights'] as const,
  calendar: (userId: string, year: number) => ['insights', 'calendar', userId, year] as const,
  day: (userId: string, date: string) => ['insights', 'day', userId, date] as const,
  trends: (userId: string, days: 30 | 90 | 365) => ['insights', 'trends', userId, days] as const,
  findings: (userId: string) => ['insights', 'findings', userId] as const,
  /** Whether the dashboard shows the gentle support card. */
  support: (userId: string) => ['insights', 'support', userId] as const,
  /** The dashboard's "On this day": also read again when its low-days preference changes. */
  onThisDay: (userId: string) => ['insights', 'on-this-day', userId] as const,
  feelings: (userId: string, month: string) => ['insights', 'feelings', userId, month] as const,
};

/** The background catalogue and the user's owned ones. */
export const backgroundKeys = {
  all: ['backgrounds'] as const,
  catalogue: () => ['backgrounds', 'catalogue'] as const,
  owned: (userId: string) => ['backgrounds', 'owned', userId] as const,
};

/** The user's signed-in sessions and sign-in methods. */
export const sessionKeys = {
  all: ['sessions'] as const,
  list: () => ['sessions', 'list'] as const,
  /** Whether the account has a password at all. */
  password: () => ['sessions', 'password'] as const,
};

/** The preferences remembered per account (decisions 040 and 041): the theme and the reminder. */
export const preferenceKeys = {
  all: ['preferences'] as const,
  detail: (userId: string) => ['preferences', userId] as const,
};

/**
 * The check-ins of a local day (decision 073). A new check-in changes the user's mood, the day's
 * mood and the looking-back views, so its write also invalidates `userKeys` and `insightsKeys.all`.
 */
export const checkInKeys = {
  all: ['check-ins'] as const,
  day: (userId: string, date: string) => ['check-ins', 'day', userId, date] as const,
};

/** The user's own activities (decision 074), archived ones included. */
export const activityKeys = {
  all: ['activities'] as const,
  list: (userId: string) => ['activities', 'list', userId] as const,
};

/** The user's imports from other apps (decision 081), polled while one runs. */
export const importKeys = {
  all: ['imports'] as const,
  list: (userId: string) => ['imports', 'list', userId] as const,
};

/** The user's questionnaire results (decision 083), newest first. */
export const measureKeys = {
  all: ['measures'] as const,
  results: (userId: string) => ['measures', 'results', userId] as const,
};

/** The crisis resources the deployment names (decision 083). */
export const supportResourceKeys = {
  all: ['support-resources'] as const,
};

/**
 * The report for a clinician (decision 084): its preview and the diary entries it can quote.
 * Both hold diary text, so neither is ever kept on the device (KEYS_KEPT_OFF_DEVICE).
 */
export const reportKeys = {
  all: ['reports'] as const,
  preview: (userId: string, request: ReportRequest) =>
    ['reports', 'preview', userId, request] as const,
  /** One page of the diary entries of a range, the newest first, before `before`. */
  diaryChoices: (userId: string, range: { from: string; to: string }) =>
    ['reports', 'diary-choices', userId, range] as const,
};

/** The person's links for a clinician: ranges, dates and counts, never a token or a report. */
export const reportLinkKeys = {
  all: ['report-links'] as const,
  list: (userId: string) => ['report-links', 'list', userId] as const,
};

/**
 * The report a clinician's link opens, by its token, one opening a visit of the link (each is
 * counted; a later one may find it revoked): on the clinician's page only.
 */
export const sharedReportKeys = {
  all: ['shared-report'] as const,
  open: (token: string, visit: number) => ['shared-report', 'open', token, visit] as const,
};

/**
 * The first element of the keys whose data the copy kept on the device never holds
 * (query-persistence.ts): a report quotes the diary, and a shared one is another person's.
 */
export const KEYS_KEPT_OFF_DEVICE: readonly string[] = [reportKeys.all[0], sharedReportKeys.all[0]];
