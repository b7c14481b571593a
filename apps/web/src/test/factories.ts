import type {
  Background,
  BackgroundOwnership,
  CalendarDay,
  DayTask,
  DiaryEntry,
  Finding,
  Goal,
  HistoryRow,
  InsightsDay,
  InsightsTrends,
  MoodCounts,
  Preferences,
  Report,
  ReportLink,
  Session,
  Task,
  User,
} from '@wellspring/shared';
import {
  addDays,
  MEASURES,
  moodLevel,
  NOT_A_DIAGNOSIS,
  REPORT_SECTIONS,
  WEEKDAYS,
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
    diaryStreakRestDays: 0,
    selectedBackgroundURL: null,
    // The browser's own zone, so the time-zone sync has nothing to send unless a test asks.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    emailVerified: true,
    ...overrides,
  };
}

/** A diary entry as GET /v1/diary lists it: with its day's mood (null unless a test sets one). */
export function buildDiary(overrides: Partial<DiaryEntry> = {}): DiaryEntry {
  const id = overrides.id ?? nextId();
  const date = overrides.date ?? '2024-05-03';
  return {
    id,
    date,
    dateCreated: `${date}T09:00:00.000Z`,
    content: 'A quiet day; a walk by the river.',
    isBackfilled: false,
    mood: null,
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

/** A day of GET /v1/insights/calendar: a mood, no diary entry and no points unless set. */
export function buildCalendarDay(date: string, overrides: Partial<CalendarDay> = {}): CalendarDay {
  return { date, mood: 'Happy', checkInCount: 1, hasDiary: false, points: 0, ...overrides };
}

/** A task completed on a day, as GET /v1/insights/day lists it. */
export function buildDayTask(overrides: Partial<DayTask> = {}): DayTask {
  const id = overrides.id ?? nextId();
  return {
    id,
    title: `Task ${id.slice(-4)}`,
    mood: 'Happy',
    points: 2_500,
    completedAt: '2024-05-03T18:00:00.000Z',
    ...overrides,
  };
}

/** GET /v1/insights/day's answer: an empty day unless set. */
export function buildInsightsDay(date: string, overrides: Partial<InsightsDay> = {}): InsightsDay {
  return {
    date,
    mood: null,
    diary: null,
    checkIns: [],
    tasks: [],
    canBackfill: false,
    ...overrides,
  };
}

const NO_COUNTS: MoodCounts = { Depressed: 0, Sad: 0, Neutral: 0, Happy: 0, Ecstatic: 0 };

/**
 * GET /v1/insights/trends's answer for `days` days ending `today`, with `moods` the newest days'
 * moods (last is today; null for a day without one) and the counts and weekdays they add up to.
 */
export function buildInsightsTrends(
  days: 30 | 90 | 365,
  today: string,
  moods: readonly CalendarDay['mood'][] = [],
): InsightsTrends {
  const counts = { ...NO_COUNTS };
  const byWeekday = WEEKDAYS.map((weekday) => ({ weekday, counts: { ...NO_COUNTS } }));
  const series = Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - days + 1);
    const mood = moods[moods.length - days + i] ?? null;
    if (mood) {
      counts[mood] += 1;
      // Monday first: getUTCDay's Sunday (0) is the last row.
      const row = byWeekday[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
      row.counts[mood] += 1;
    }
    return { date, mood, level: moodLevel(mood) };
  });
  return { days, series, counts, byWeekday };
}

/** A finding of GET /v1/insights/findings: a task that went together with a better next day. */
export function buildFinding(overrides: Partial<Finding> = {}): Finding {
  return {
    kind: 'task',
    subject: 'Take a short walk',
    compares: 'nextDay',
    meanWith: 4.2,
    meanWithout: 3.1,
    daysWith: 12,
    daysWithout: 30,
    margin: 0.5,
    text: 'Days after "Take a short walk" went together with a better mood.',
    ...overrides,
  };
}

/** The preferences of GET /v1/preferences: a new account's (the system's theme, no reminder). */
export function buildPreferences(overrides: Partial<Preferences> = {}): Preferences {
  return {
    theme: 'system',
    reminder: { enabled: false, time: '20:00', weekdays: [...WEEKDAYS] },
    onThisDayShowsLowDays: false,
    measureReminder: false,
    ...overrides,
  };
}

/**
 * A report as POST /v1/reports answers it (decision 084): 1 to 30 March 2026 in UTC with every
 * section but the diary, a few days of moods, one low run, one finding and a PHQ-9 whose item 9
 * was answered "Several days".
 */
export function buildReport(overrides: Partial<Report> = {}): Report {
  const phq9 = MEASURES.phq9;
  return {
    from: '2026-03-01',
    to: '2026-03-30',
    days: 30,
    timeZone: 'UTC',
    generatedAt: '2026-03-30T12:00:00.000Z',
    sections: REPORT_SECTIONS.filter((s) => s !== 'diary'),
    notADiagnosis: NOT_A_DIAGNOSIS,
    calendar: [
      { date: '2026-03-02', mood: 'Happy', checkIns: 2, diary: true },
      { date: '2026-03-03', mood: 'Sad', checkIns: 1, diary: false },
      { date: '2026-03-04', mood: 'Depressed', checkIns: 1, diary: false },
      { date: '2026-03-05', mood: 'Sad', checkIns: 1, diary: false },
    ],
    distribution: {
      moods: [
        { mood: 'Ecstatic', days: 0 },
        { mood: 'Happy', days: 1 },
        { mood: 'Neutral', days: 0 },
        { mood: 'Sad', days: 2 },
        { mood: 'Depressed', days: 1 },
      ],
      daysWithMood: 4,
      lowRuns: [{ from: '2026-03-03', to: '2026-03-05', days: 3 }],
    },
    checkIns: {
      total: 5,
      daysWithCheckIns: 4,
      meanPerDay: 1.3,
      mostInADay: 2,
      byCount: [
        { checkIns: 1, days: 3 },
        { checkIns: 2, days: 1 },
      ],
    },
    activities: {
      better: [
        {
          name: 'Walk',
          meanWith: 3.9,
          meanWithout: 3.1,
          daysWith: 8,
          daysWithout: 12,
          margin: 0.4,
          text: 'Days with Walk went together with a better mood (3.9 against 3.1).',
        },
      ],
      worse: [],
      minDays: 5,
    },
    measures: [
      {
        id: 'phq9',
        shortName: phq9.shortName,
        name: phq9.name,
        scoreMeaning: phq9.scoreMeaning,
        maxScore: phq9.maxScore,
        bands: phq9.bands.map((b) => ({ ...b })),
        credit: phq9.credit,
        results: [{ date: '2026-03-10', score: 9, band: 'Mild', selfHarmAnswer: 'Several days' }],
      },
    ],
    diary: null,
    ...overrides,
  };
}

/** A live link for a clinician, made on 20 March 2026, never opened (unless set). */
export function buildReportLink(overrides: Partial<ReportLink> = {}): ReportLink {
  return {
    id: overrides.id ?? nextId(),
    from: '2026-02-19',
    to: '2026-03-20',
    sections: REPORT_SECTIONS.filter((s) => s !== 'diary'),
    diaryEntries: 0,
    createdAt: '2026-03-20T10:00:00.000Z',
    expiresAt: '2026-03-27T10:00:00.000Z',
    expired: false,
    openCount: 0,
    lastOpenedAt: null,
    ...overrides,
  };
}
