import {
  AppError,
  FEELING_WORDS,
  FEELINGS_PER_CHECK_IN,
  IMPORT_UNDO_DAYS,
  activityNameKey,
  type ChosenMood,
  type ImportRun,
  type ImportMoodMapping,
} from '@wellspring/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { TimeSlicer } from '../../lib/time-slicer';
import type { AuthContext } from '../../plugins/app/context';
import { activitiesForImport } from '../activities/activities.service';
import { deleteUnusedImportActivities } from '../activities/activities.repository';
import {
  importedDayMoods,
  insertImportedCheckIns,
  insertImportedDayMoods,
  type ImportedCheckIn,
} from '../check-ins/check-ins.service';
import {
  addImportedActivitySums,
  setTodaysMood,
  takeBackImportedCheckIns,
} from '../check-ins/imported-days';
import type { DiaryVault } from '../diary/diary-vault';
import { deleteImportDiaries, insertImportedDiaries } from '../diary/diary.repository';
import { findUser, lockUser } from '../user/user.repository';
import { toLocalDate } from '../../lib/local-date';
import { localInstant } from './local-instant';
import {
  addImportProgress,
  findImport,
  insertImport,
  listStaleImports,
  setImportStatus,
  type ImportRow,
} from './imports.repository';
import { heldDays, type ImportDay, type ReadFile } from './imports.service';

/**
 * Days written a transaction (decisions 081 and 082): about 30 entries, 15 ms. PGlite runs one
 * transaction at a time and queues every other user's query behind it; on both databases the
 * batch's own work holds this process's event loop while it is built. With ten days, other users'
 * reads on PostgreSQL stay near twice their time at rest (bench/import-other-apps.ts; 50 days
 * made it 3 to 5 times), and a ten-year file still imports in under 15 seconds.
 */
export const IMPORT_DAYS_PER_BATCH = 10;

const UNDO_MS = IMPORT_UNDO_DAYS * 24 * 60 * 60 * 1000;
const KNOWN_FEELINGS = new Set(FEELING_WORDS.map((f) => f.word));

/** An import's row as the API answers it. */
export function presentImport(row: ImportRow, now: Date): ImportRun {
  const undoUntil =
    row.status === 'done' && row.finishedAt ? new Date(row.finishedAt.getTime() + UNDO_MS) : null;
  return {
    id: row.id,
    source: row.source,
    status: row.status as ImportRun['status'],
    entriesTotal: row.entriesTotal,
    entriesDone: row.entriesDone,
    entriesWritten: row.entriesWritten,
    daysWritten: row.daysWritten,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoUntil: undoUntil && undoUntil > now ? undoUntil.toISOString() : null,
  };
}

/** The chosen mood of each of the file's mood names; a name left without one is a 400. */
function checkMapping(file: ReadFile, mapping: ImportMoodMapping): Map<string, ChosenMood> {
  const names = new Set(file.days.flatMap((day) => day.entries.map((e) => e.mood)));
  const missing = [...names].filter((name) => mapping[name] === undefined);
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).map((name) => `"${name.slice(0, 40)}"`);
    throw new AppError(
      'IMPORT_MAPPING_INCOMPLETE',
      `Choose a mood for each mood of the file: ${shown.join(', ')} has none`,
    );
  }
  return new Map([...names].map((name) => [name, mapping[name]!]));
}

/** What a running import needs to write its days. */
interface ImportJob {
  importId: string;
  auth: Pick<AuthContext, 'userId' | 'today' | 'timeZone'>;
  days: ImportDay[];
  moods: Map<string, ChosenMood>;
  activityIds: Map<string, string>;
}

/**
 * Writes confirmed imports in the background, a batch of whole days a transaction, and takes an
 * import back as a whole when it is cancelled, fails, or its server stops (decision 081).
 */
export class ImportRunner {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Database,
    private readonly vault: DiaryVault,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly daysPerBatch: number,
  ) {}

  /**
   * Starts an import of `file` with the moods the person chose: the import's row and the
   * activities it adds are written at once (409 while another import of the user runs), the days
   * after the answer. Nothing of a day the account already holds is written.
   */
  async start(auth: AuthContext, file: ReadFile, mapping: ImportMoodMapping): Promise<ImportRow> {
    if (this.stopping) throw new AppError('SERVICE_UNAVAILABLE', 'The server is stopping');
    const moods = checkMapping(file, mapping);
    const now = this.now();
    // Each name once: a ten-year file names its 150 activities 30,000 times.
    const names = [
      ...new Set(file.days.flatMap((day) => day.entries.flatMap((e) => e.activities))),
    ];
    let row: ImportRow;
    let activityIds: Map<string, string>;
    try {
      [row, activityIds] = await this.db.transaction(async (tx) => {
        await lockUser(tx, auth.userId);
        const created = await insertImport(tx, {
          userId: auth.userId,
          source: file.source.id,
          entriesTotal: file.days.reduce((sum, day) => sum + day.entries.length, 0),
          createdAt: now,
        });
        return [created, await activitiesForImport(tx, auth.userId, names, created.id, now)];
      });
    } catch (error) {
      if (isUniqueViolation(error, 'imports_one_running_key')) {
        throw new AppError('IMPORT_RUNNING', 'An import is running: wait for it, or cancel it');
      }
      throw error;
    }
    const job: ImportJob = { importId: row.id, auth, days: file.days, moods, activityIds };
    const run = this.run(job).finally(() => this.running.delete(run));
    this.running.add(run);
    return row;
  }

  /** Lets each running import stop at its next batch, taken back, and waits for them. */
  async close(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running]);
  }

  private async run(job: ImportJob): Promise<void> {
    const slicer = new TimeSlicer();
    try {
      for (let i = 0; i < job.days.length; i += this.daysPerBatch) {
        const status = await this.db.transaction((tx) =>
          this.writeBatch(tx, job, job.days.slice(i, i + this.daysPerBatch)),
        );
        if (status === 'cancelling') {
          await takeBackImport(this.db, job.auth, job.importId, 'cancelled', this.now());
          return;
        }
        if (this.stopping) throw new Error('the server is stopping');
        await slicer.pauseIfDue();
      }
      const status = await this.db.transaction(async (tx) => {
        await lockUser(tx, job.auth.userId);
        const row = await findImport(tx, job.auth.userId, job.importId);
        if (row?.status !== 'running') return row?.status;
        // An activity only the skipped days named is not kept.
        await deleteUnusedImportActivities(tx, job.importId);
        if (job.days.some((day) => day.date === job.auth.today)) await setTodaysMood(tx, job.auth);
        await setImportStatus(tx, job.importId, 'done', this.now(), true);
        return 'done';
      });
      if (status === 'cancelling') {
        await takeBackImport(this.db, job.auth, job.importId, 'cancelled', this.now());
      }
    } catch (error) {
      this.log.warn({ err: error, importId: job.importId }, 'an import failed; taking it back');
      await takeBackImport(this.db, job.auth, job.importId, 'failed', this.now()).catch(
        (err: unknown) => this.log.error({ err, importId: job.importId }, 'taking back failed'),
      );
    }
  }

  /** Writes one batch of days, unless the import is being cancelled; answers its status. */
  private async writeBatch(
    tx: Transaction,
    job: ImportJob,
    batch: ImportDay[],
  ): Promise<ImportRow['status']> {
    const { userId, timeZone } = job.auth;
    await lockUser(tx, userId);
    const row = await findImport(tx, userId, job.importId);
    if (row?.status !== 'running') return row?.status ?? 'cancelling';
    const now = this.now();
    const held = await heldDays(tx, userId, batch[0]!.date, batch.at(-1)!.date);
    const fresh = batch.filter((day) => !held.has(day.date));
    const checkIns: ImportedCheckIn[] = fresh.flatMap((day) =>
      day.entries.map((entry, i) => ({
        // A millisecond apart, so that the day keeps the file's order, times alike or absent.
        takenAt: new Date(localInstant(day.date, entry.time ?? '12:00', timeZone).getTime() + i),
        timeZone,
        localDate: day.date,
        mood: job.moods.get(entry.mood)!,
        feelings: entry.feelings
          .map((word) => word.toLowerCase())
          .filter((word) => KNOWN_FEELINGS.has(word))
          .slice(0, FEELINGS_PER_CHECK_IN),
        activityIds: entry.activities.map((name) => job.activityIds.get(activityNameKey(name))!),
        note: null,
        isBackfilled: true,
        isDailyMood: false,
        importId: job.importId,
      })),
    );
    if (checkIns.length > 0) {
      await insertImportedCheckIns(tx, this.vault, userId, checkIns);
      const dayMoods = importedDayMoods(userId, checkIns, now);
      await insertImportedDayMoods(tx, dayMoods);
      await addImportedActivitySums(tx, userId, dayMoods, checkIns);
    }
    await insertImportedDiaries(
      tx,
      fresh
        .filter((day) => day.diary !== null)
        .map((day) => ({
          userId,
          localDate: day.date,
          ...this.vault.seal(userId, day.date, day.diary!),
          isBackfilled: true,
          importId: job.importId,
          createdAt: now,
        })),
    );
    await addImportProgress(tx, job.importId, {
      done: batch.reduce((sum, day) => sum + day.entries.length, 0),
      written: checkIns.length,
      days: fresh.length,
      at: now,
    });
    return 'running';
  }
}

/**
 * Takes back everything an import wrote, in one transaction (decision 081): its check-ins (the
 * days they were on made again from what is left), its diary entries, and the activities it added
 * that nothing names any more. The import ends as `status`.
 */
export async function takeBackImport(
  db: Database,
  auth: Pick<AuthContext, 'userId' | 'today'>,
  importId: string,
  status: 'cancelled' | 'failed' | 'undone',
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    await takeBackImportedCheckIns(tx, auth, importId, now);
    await deleteImportDiaries(tx, importId);
    await deleteUnusedImportActivities(tx, importId);
    await setImportStatus(tx, importId, status, now, true);
  });
}

/**
 * Cancels a running import (it stops at its next batch and is taken back) or undoes a finished
 * one within its 7 days; anything else is 409.
 */
export async function cancelOrUndoImport(
  db: Database,
  auth: AuthContext,
  importId: string,
  now: Date,
): Promise<ImportRow> {
  const row = await db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    const current = await findImport(tx, auth.userId, importId);
    if (current?.status === 'running') {
      await setImportStatus(tx, importId, 'cancelling', now, false);
    }
    return current;
  });
  if (!row) throw new AppError('NOT_FOUND', 'No such import');
  if (row.status === 'done' && presentImport(row, now).undoUntil !== null) {
    await takeBackImport(db, auth, importId, 'undone', now);
  } else if (row.status !== 'running' && row.status !== 'cancelling') {
    throw new AppError(
      'IMPORT_NOT_UNDOABLE',
      row.status === 'done'
        ? `An import can be undone for ${IMPORT_UNDO_DAYS} days after it ends`
        : 'This import has nothing left to take back',
    );
  }
  return (await findImport(db, auth.userId, importId))!;
}

/** How long a running import may go without writing a batch before it is taken for dead. */
export const IMPORT_STALE_MS = 10 * 60_000;

/**
 * Takes back each import whose process died while writing it (no batch for IMPORT_STALE_MS):
 * what a crash left half written is not kept. Run at start and with the hourly purge.
 */
export async function takeBackStaleImports(db: Database, now: Date): Promise<number> {
  const stale = await listStaleImports(db, new Date(now.getTime() - IMPORT_STALE_MS));
  for (const row of stale) {
    const user = await findUser(db, row.userId);
    if (!user) continue;
    const today = toLocalDate(now, user.timeZone);
    await takeBackImport(db, { userId: row.userId, today }, row.id, 'failed', now);
  }
  return stale.length;
}
