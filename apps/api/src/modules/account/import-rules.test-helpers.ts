import type { ExportFile, ExportGoal, ExportTask } from '@wellspring/shared';
import { TimeSlicer } from '../../lib/time-slicer';
import { ImportIssues } from './import-issues';
import { checkImportRules, type ImportCatalogue } from './import-rules';

/**
 * A small export file that keeps every rule, with its catalogue and clock, for the tests that call
 * the import's rules directly (import-rules-*.test.ts): each test changes one thing and reads the
 * issues, path and message, word for word.
 */
export const NOW = new Date('2026-03-10T12:00:00.000Z');
export const TODAY = '2026-03-10';
export const GOAL_A = '00000000-0000-4000-8000-00000000000a';
export const GOAL_B = '00000000-0000-4000-8000-00000000000b';
/** Goal A's start and completion; goal B starts the moment A is completed. */
export const A_START = '2026-03-01T08:00:00.000Z';
export const A_DONE = '2026-03-02T10:00:00.000Z';

/** Twelve catalogue tasks t1..t12, each worth 10,000 points, mood Happy. */
export function catalogue(): ImportCatalogue {
  return {
    tasks: new Map(
      Array.from({ length: 12 }, (_, n) => [
        `t${n + 1}`,
        {
          id: `id-t${n + 1}`,
          title: `Task ${n + 1}`,
          description: '',
          points: 10_000,
          mood: 'Happy',
        },
      ]),
    ),
    backgrounds: new Map([
      ['default', { id: 'id-default', tier: 1 }],
      ['forest', { id: 'id-forest', tier: 1 }],
      ['lake', { id: 'id-lake', tier: 1 }],
      ['sea', { id: 'id-sea', tier: 2 }],
    ]),
    defaultBackground: 'default',
  };
}

let taskNumber = 0;
/** A task of the catalogue, completed the moment it was created unless told otherwise. */
export function task(goalId: string, createdAt: string, change: Partial<ExportTask> = {}) {
  taskNumber += 1;
  const row: ExportTask = {
    id: `00000000-0000-4000-9000-${String(taskNumber).padStart(12, '0')}`,
    goalId,
    templateSlug: 't1',
    title: 'A task',
    description: '',
    mood: 'Happy',
    points: 10_000,
    status: 'Completed',
    createdAt,
    acceptedOn: createdAt.slice(0, 10),
    completedAt: createdAt,
    completedOn: createdAt.slice(0, 10),
    ...change,
  };
  return row;
}

/**
 * Goal A (50,000 points, tier 1) completed by five tasks, its reward `forest` claimed and owned
 * from the moment of completion; goal B (200,000, tier 2) in progress since that moment, with an
 * OnGoing task today and an Expired one; one diary entry and one mood.
 */
export function honestFile(): ExportFile {
  const goalA: ExportGoal = {
    id: GOAL_A,
    target: 50_000,
    earned: 50_000,
    taskCompleted: 5,
    status: 'Completed',
    tier: 1,
    hasClaimedReward: true,
    rewardBackground: 'forest',
    createdAt: A_START,
    completedAt: A_DONE,
  };
  const goalB: ExportGoal = {
    id: GOAL_B,
    target: 200_000,
    earned: 0,
    taskCompleted: 0,
    status: 'OnProgress',
    tier: 2,
    hasClaimedReward: false,
    rewardBackground: null,
    createdAt: A_DONE,
    completedAt: null,
  };
  const aTasks = ['01T09', '01T10', '01T11', '02T08', '02T09'].map((at, n) =>
    task(GOAL_A, `2026-03-${at}:00:00.000Z`, { templateSlug: `t${n + 1}` }),
  );
  return {
    format: 'wellspring-export',
    version: 1,
    exportedAt: NOW.toISOString(),
    user: {
      name: 'Ada',
      email: 'ada@example.com',
      pictureURL: null,
      timeZone: 'UTC',
      hasOnboarded: true,
      createdAt: '2026-03-01T00:00:00.000Z',
      selectedBackground: 'forest',
    },
    goals: [goalA, goalB],
    tasks: [
      ...aTasks,
      task(GOAL_B, '2026-03-05T10:00:00.000Z', {
        status: 'Expired',
        completedAt: null,
        completedOn: null,
      }),
      task(GOAL_B, '2026-03-10T09:00:00.000Z', {
        status: 'OnGoing',
        completedAt: null,
        completedOn: null,
      }),
    ],
    diaries: [{ date: '2026-03-05', createdAt: '2026-03-05T20:00:00.000Z', content: 'A day' }],
    moods: [{ date: '2026-03-05', mood: 'Happy', updatedAt: '2026-03-05T20:00:00.000Z' }],
    activities: [],
    checkIns: [],
    measureResults: [],
    reportLinks: [],
    backgrounds: [
      { slug: 'default', acquiredAt: '2026-03-01T00:00:00.000Z' },
      { slug: 'forest', acquiredAt: A_DONE },
    ],
  };
}

/** The issues the rules find in the file, as the 400 lists them: path and message. */
export async function issuesOf(
  file: ExportFile,
  slicer = new TimeSlicer(),
): Promise<{ path: string; message: string }[]> {
  const issues = new ImportIssues();
  await checkImportRules(file, catalogue(), { now: NOW, today: TODAY }, issues, slicer);
  return issues.count === 0 ? [] : issues.toError().issues!;
}

/** The honest file changed by `change`. */
export function changed(change: (file: ExportFile) => void): ExportFile {
  const file = honestFile();
  change(file);
  return file;
}
