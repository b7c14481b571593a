import { toLocalDate } from '../../lib/local-date';
import type { DiaryVault } from '../diary/diary-vault';
import {
  activityNameKey,
  AppError,
  scoreMeasure,
  type ExportFile,
  type ImportCounts,
} from '@wellspring/shared';
import { randomUUID } from 'node:crypto';
import type { Database, Transaction } from '../../db/client';
import { DEFAULT_BACKGROUND_SLUG } from '../../db/seed';
import { isUniqueViolation } from '../../lib/db-errors';
import { TimeSlicer } from '../../lib/time-slicer';
import type { AuthContext } from '../../plugins/app/context';
import { lockUser, updateUser } from '../user/user.repository';
import { deleteUnusedActivities, insertActivities } from '../activities/activities.repository';
import { insertMeasureResults } from '../measures/measures.repository';
import {
  importedDayMoods,
  insertDailyMoods,
  insertImportedCheckIns,
  insertImportedDayMoods,
  type ImportedCheckIn,
} from '../check-ins/check-ins.service';
import { rebuildActivityMoodSums } from '../check-ins/mood-sums.repository';
import {
  hasAnyActivity,
  insertDiaries,
  insertGoals,
  insertTasks,
  listCatalogueBackgrounds,
  listCatalogueTasks,
} from './account.repository';
import { ImportIssues } from './import-issues';
import { checkImportRules, type ImportCatalogue } from './import-rules';

/**
 * How rows are written, by database. PGlite runs inside this process: a statement holds the event
 * loop while it runs, and Node accepts one new connection per turn of the loop, so each statement
 * is sized to take about 5 ms, from the time the one before took (50 task rows; fewer diary
 * entries, which PostgreSQL compresses). PostgreSQL runs elsewhere: the loop is free while a
 * statement runs, and only building it (and sealing diary entries) holds the loop, a few
 * milliseconds for 100 rows.
 */
export const IMPORT_BATCHING = {
  pglite: { rows: 50, targetMs: 5 },
  postgres: { rows: 100 },
} as const satisfies Record<string, { rows: number; targetMs?: number }>;

/** The most rows of one insert: 500 of the widest row stay far under 65,535 parameters. */
export const MAX_BATCH_ROWS = 500;

export interface ImportOptions {
  /** Rows per insert, and the time a statement should take when sized to it (IMPORT_BATCHING). */
  batching?: { rows: number; targetMs?: number };
  slicer?: TimeSlicer;
}

const NOT_EMPTY_MESSAGE =
  'Import needs an account with no goals, tasks, diary entries or moods yet';

/** A 400 listing the slugs of the file that this installation lacks, if any. */
function refuseUnknownReferences(file: ExportFile, catalogue: ImportCatalogue): void {
  const refuse = (what: string, named: Iterable<string | null>, known: Map<string, unknown>) => {
    const missing = [...new Set(named)].filter((s): s is string => s !== null && !known.has(s));
    if (missing.length === 0) return;
    const shown = missing.slice(0, 5).join(', ');
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
    throw new AppError(
      'IMPORT_UNKNOWN_REFERENCE',
      `The file names ${what} this Wellspring does not have: ${shown}${more}`,
    );
  };
  refuse(
    'tasks',
    file.tasks.map((t) => t.templateSlug),
    catalogue.tasks,
  );
  refuse(
    'backgrounds',
    [
      ...file.backgrounds.map((b) => b.slug),
      ...file.goals.map((g) => g.rewardBackground),
      file.user.selectedBackground,
    ],
    catalogue.backgrounds,
  );
}

interface Batching {
  rows: number;
  targetMs?: number;
  slicer: TimeSlicer;
}

/** Inserts the rows a statement at a time, sized as `batching` says, pausing between two. */
async function insertInBatches<T>(
  rows: readonly T[],
  batching: Batching,
  write: (part: T[]) => Promise<unknown>,
): Promise<void> {
  let size = batching.rows;
  for (let i = 0; i < rows.length;) {
    const part = rows.slice(i, i + size);
    const started = performance.now();
    await write(part);
    i += part.length;
    if (batching.targetMs !== undefined) {
      const tookMs = Math.max(performance.now() - started, 0.1);
      const fitted = Math.round((part.length * batching.targetMs) / tookMs);
      size = Math.min(MAX_BATCH_ROWS, Math.max(1, fitted));
    }
    await batching.slicer.pauseIfDue();
  }
}

/**
 * A version 2 file's activities, which replace the account's unused list (an empty account's
 * defaults), and its check-ins with the days' moods they make (decision 077).
 */
async function writeCheckIns(
  tx: Transaction,
  vault: DiaryVault,
  userId: string,
  file: ExportFile,
  now: Date,
  batching: Batching,
): Promise<void> {
  const activityIds = new Map(file.activities.map((a) => [a.id, randomUUID()]));
  if (file.activities.length > 0) {
    await deleteUnusedActivities(tx, userId);
    await insertInBatches(file.activities, batching, (part) =>
      insertActivities(
        tx,
        part.map((a) => ({
          id: activityIds.get(a.id)!,
          userId,
          name: a.name,
          nameKey: activityNameKey(a.name),
          group: a.group,
          icon: a.icon,
          position: a.position,
          archivedAt: a.isArchived ? now : null,
          createdAt: now,
        })),
      ),
    );
  }
  const checkIns: ImportedCheckIn[] = file.checkIns.map((c) => ({
    takenAt: new Date(c.takenAt),
    timeZone: c.timeZone,
    localDate: c.date,
    mood: c.mood,
    feelings: c.feelings,
    activityIds: c.activityIds.map((id) => activityIds.get(id)!),
    note: c.note,
    isBackfilled: c.isBackfilled,
    isDailyMood: c.isDailyMood,
  }));
  await insertInBatches(checkIns, batching, (part) =>
    insertImportedCheckIns(tx, vault, userId, part),
  );
  await insertInBatches(importedDayMoods(userId, checkIns, now), batching, (part) =>
    insertImportedDayMoods(tx, part),
  );
  await rebuildActivityMoodSums(tx, userId);
}

/** Writes the file's rows into the caller's account, which must still be empty, in one transaction. */
async function writeImport(
  tx: Transaction,
  vault: DiaryVault,
  userId: string,
  file: ExportFile,
  catalogue: ImportCatalogue,
  clock: { now: Date; today: string },
  batching: Batching,
): Promise<void> {
  const { now, today } = clock;
  await lockUser(tx, userId);
  if (await hasAnyActivity(tx, userId)) {
    throw new AppError('ACCOUNT_NOT_EMPTY', NOT_EMPTY_MESSAGE);
  }
  const backgroundId = (slug: string) => catalogue.backgrounds.get(slug)!.id;
  const goalIds = new Map(file.goals.map((g) => [g.id, randomUUID()]));

  await insertInBatches(file.goals, batching, (part) =>
    insertGoals(
      tx,
      part.map((g) => ({
        id: goalIds.get(g.id)!,
        userId,
        target: g.target,
        earned: g.earned,
        taskCompleted: g.taskCompleted,
        status: g.status,
        tier: g.tier,
        // A reward is what this server drew and granted: none for a goal it did not see earned.
        hasClaimedReward: false,
        backgroundRewardId: null,
        imported: true,
        createdAt: new Date(g.createdAt),
        completedAt: g.completedAt ? new Date(g.completedAt) : null,
      })),
    ),
  );
  await insertInBatches(file.tasks, batching, (part) =>
    insertTasks(
      tx,
      part.map((t) => ({
        userId,
        goalId: goalIds.get(t.goalId)!,
        // The server's own words for the task: the file's text is never shown (decision 066).
        templateId: catalogue.tasks.get(t.templateSlug)!.id,
        title: catalogue.tasks.get(t.templateSlug)!.title,
        description: catalogue.tasks.get(t.templateSlug)!.description,
        mood: t.mood,
        points: t.points,
        // The day rollover would have expired an OnGoing task of an earlier day.
        status: t.status === 'OnGoing' && t.acceptedOn < today ? 'Expired' : t.status,
        createdAt: new Date(t.createdAt),
        acceptedOn: t.acceptedOn,
        completedAt: t.completedAt ? new Date(t.completedAt) : null,
        completedOn: t.completedOn,
      })),
    ),
  );
  await insertInBatches(file.diaries, batching, (part) =>
    insertDiaries(
      tx,
      part.map((d) => ({
        userId,
        localDate: d.date,
        ...vault.seal(userId, d.date, d.content),
        isBackfilled: d.isBackfilled ?? false,
        createdAt: new Date(d.createdAt),
      })),
    ),
  );
  await insertInBatches(file.moods, batching, (part) =>
    insertDailyMoods(
      tx,
      part.map((m) => ({
        userId,
        localDate: m.date,
        mood: m.mood,
        updatedAt: new Date(m.updatedAt),
        timeZone: file.user.timeZone,
      })),
    ),
  );
  await writeCheckIns(tx, vault, userId, file, now, batching);
  await insertInBatches(file.measureResults, batching, (part) =>
    insertMeasureResults(
      tx,
      part.map((r) => ({
        userId,
        measure: r.measure,
        answers: r.answers,
        difficulty: r.difficulty,
        score: scoreMeasure(r.measure, r.answers),
        takenAt: new Date(r.takenAt),
        localDate: r.date,
      })),
    ),
  );
  const selected = file.user.selectedBackground;
  await updateUser(tx, userId, {
    name: file.user.name,
    timeZone: file.user.timeZone,
    hasOnboarded: file.user.hasOnboarded,
    // Only the default is owned after an import: a background won elsewhere is not granted here.
    selectedBackgroundId: selected ? backgroundId(catalogue.defaultBackground) : null,
  });
}

/**
 * Restores an export into the caller's account, which must have no goals, tasks, diary entries or
 * moods yet. The file's shape has been read (readImportFile); here its slugs are found in this
 * installation's catalogue and its rows checked against the product's rules (import-rules.ts),
 * before anything is written. Then one transaction: new ids, tasks re-attached to the new ids of
 * their goals, written in batches that leave the event loop a turn between them. The email is
 * never changed. A task still OnGoing from a day before today (in the file's time zone) comes back
 * Expired, as the day rollover would have made it.
 */
export async function importAccount(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  file: ExportFile,
  now: Date,
  { batching = IMPORT_BATCHING.pglite, slicer = new TimeSlicer() }: ImportOptions = {},
): Promise<ImportCounts> {
  // Checked again under the lock; asked first so a full account costs no checking.
  if (await hasAnyActivity(db, auth.userId)) {
    throw new AppError('ACCOUNT_NOT_EMPTY', NOT_EMPTY_MESSAGE);
  }
  const catalogue: ImportCatalogue = {
    tasks: await listCatalogueTasks(db),
    backgrounds: await listCatalogueBackgrounds(db),
    defaultBackground: DEFAULT_BACKGROUND_SLUG,
  };
  refuseUnknownReferences(file, catalogue);
  const today = toLocalDate(now, file.user.timeZone);
  const issues = new ImportIssues();
  await checkImportRules(file, catalogue, { now, today }, issues, slicer);
  issues.throwIfAny();
  try {
    await db.transaction((tx) =>
      writeImport(tx, vault, auth.userId, file, catalogue, { now, today }, { ...batching, slicer }),
    );
  } catch (error) {
    // The file's own days and goals were checked; a clash here is a row written meanwhile.
    if (isUniqueViolation(error)) throw new AppError('ACCOUNT_NOT_EMPTY', NOT_EMPTY_MESSAGE);
    throw error;
  }
  return {
    goals: file.goals.length,
    tasks: file.tasks.length,
    diaries: file.diaries.length,
    moods: file.moods.length + new Set(file.checkIns.map((c) => c.date)).size,
    checkIns: file.moods.length + file.checkIns.length,
    activities: file.activities.length,
    measureResults: file.measureResults.length,
    backgrounds: 0,
  };
}
