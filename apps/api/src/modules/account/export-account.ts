import type { DiaryVault } from '../diary/diary-vault';
import {
  AppError,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MOODS_CSV_COLUMNS,
  TASKS_CSV_COLUMNS,
  type ExportCheckIn,
  type ExportDiary,
  type ExportFile,
  type ExportGoal,
  type ExportMeasureResult,
  type ExportMood,
  type ExportReportLink,
  type ExportTask,
} from '@wellspring/shared';
import type { Database, Executor } from '../../db/client';
import { jsonArray } from '../../lib/streamed-answer';
import type { AuthContext } from '../../plugins/app/context';
import { listActivityRows, listCheckInActivityIds } from '../activities/activities.repository';
import { findCheckInBatch, type CheckInCursor } from '../check-ins/check-ins.repository';
import { listMeasureResultsAfter } from '../measures/measures.repository';
import { listAllLinks, type ReportLinkRow } from '../reports/reports.repository';
import {
  presentExportActivity,
  presentExportCheckIn,
  presentExportDiary,
  presentExportGoal,
  presentExportMood,
  presentExportTask,
  presentExportUser,
  presentMoodCsvValues,
  presentTaskCsvValues,
} from './account.presenter';
import {
  findDiaryBatch,
  findExportUser,
  findMoodBatch,
  findTaskBatch,
  listExportGoals,
  listOwnedBackgrounds,
  type TaskCursor,
} from './account.repository';
import { toCsvRow } from './csv';

/** Rows read per query while exporting: a long history streams in pages, never whole. */
export const EXPORT_BATCH_SIZE = 1000;

async function* taskBatches(db: Executor, userId: string): AsyncGenerator<ExportTask[]> {
  let after: TaskCursor | null = null;
  for (;;) {
    const rows = await findTaskBatch(db, userId, after, EXPORT_BATCH_SIZE);
    if (rows.length > 0) yield rows.map(presentExportTask);
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursor, id: last.task.id };
  }
}

export async function* diaryBatches(
  db: Executor,
  vault: DiaryVault,
  userId: string,
): AsyncGenerator<ExportDiary[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await findDiaryBatch(db, userId, after, EXPORT_BATCH_SIZE);
    if (rows.length > 0) yield rows.map((row) => presentExportDiary(row, vault));
    if (rows.length < EXPORT_BATCH_SIZE) return;
    after = rows[rows.length - 1]!.localDate;
  }
}

async function* moodBatches(db: Executor, userId: string): AsyncGenerator<ExportMood[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await findMoodBatch(db, userId, after, EXPORT_BATCH_SIZE);
    if (rows.length > 0) yield rows.map(presentExportMood);
    if (rows.length < EXPORT_BATCH_SIZE) return;
    after = rows[rows.length - 1]!.localDate;
  }
}

export async function* checkInBatches(
  db: Executor,
  vault: DiaryVault,
  userId: string,
): AsyncGenerator<ExportCheckIn[]> {
  let after: CheckInCursor | null = null;
  for (;;) {
    const rows = await findCheckInBatch(db, userId, after, EXPORT_BATCH_SIZE);
    const links = await listCheckInActivityIds(
      db,
      rows.map((row) => row.id),
    );
    const activityIdsOf = new Map<string, string[]>();
    for (const link of links) {
      activityIdsOf.set(link.checkInId, [
        ...(activityIdsOf.get(link.checkInId) ?? []),
        link.activityId,
      ]);
    }
    if (rows.length > 0) {
      yield rows.map((row) => presentExportCheckIn(row, activityIdsOf.get(row.id) ?? [], vault));
    }
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { localDate: last.localDate, takenAt: last.takenAt, id: last.id };
  }
}

async function* measureResultBatches(
  db: Executor,
  userId: string,
): AsyncGenerator<ExportMeasureResult[]> {
  let after: { takenAt: Date; id: string } | null = null;
  for (;;) {
    const rows = await listMeasureResultsAfter(db, userId, after, EXPORT_BATCH_SIZE);
    if (rows.length > 0) {
      yield rows.map((row) => ({
        measure: row.measure as ExportMeasureResult['measure'],
        answers: row.answers,
        difficulty: row.difficulty,
        takenAt: row.takenAt.toISOString(),
        date: row.localDate,
      }));
    }
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { takenAt: last.takenAt, id: last.id };
  }
}

/** A link for a clinician as the file records it: what it showed, never its token. */
function presentExportReportLink(row: ReportLinkRow): ExportReportLink {
  return {
    from: row.fromDate,
    to: row.toDate,
    sections: row.sections as ExportReportLink['sections'],
    diaryEntries: row.diaryEntryIds.length,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    openCount: row.openCount,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
  };
}

async function* single<T>(rows: T[] | (() => Promise<T[]>)): AsyncGenerator<T[]> {
  yield typeof rows === 'function' ? await rows() : rows;
}

/** `"name":[ … ]`, one row a line, a batch at a time. */
async function* namedArray<T>(name: string, batches: AsyncIterable<T[]>): AsyncGenerator<string> {
  yield `${JSON.stringify(name)}:`;
  yield* jsonArray(batches, '\n');
}

async function* writeExportDocument(
  db: Executor,
  vault: DiaryVault,
  userId: string,
  head: Pick<ExportFile, 'format' | 'version' | 'exportedAt' | 'user'>,
  goalRows: ExportGoal[],
): AsyncGenerator<string> {
  // The head object without its closing brace; the arrays follow as more of its members.
  yield `${JSON.stringify(head).slice(0, -1)},\n`;
  yield* namedArray('goals', single(goalRows));
  yield ',\n';
  yield* namedArray('tasks', taskBatches(db, userId));
  yield ',\n';
  yield* namedArray('diaries', diaryBatches(db, vault, userId));
  yield ',\n';
  yield* namedArray(
    'activities',
    single(async () =>
      (await listActivityRows(db, userId))
        .sort(
          (a, b) =>
            a.group.localeCompare(b.group) ||
            a.position - b.position ||
            a.name.localeCompare(b.name),
        )
        .map(presentExportActivity),
    ),
  );
  yield ',\n';
  yield* namedArray('checkIns', checkInBatches(db, vault, userId));
  yield ',\n';
  yield* namedArray('measureResults', measureResultBatches(db, userId));
  yield ',\n';
  yield* namedArray(
    'reportLinks',
    single(async () => (await listAllLinks(db, userId)).map(presentExportReportLink)),
  );
  yield ',\n';
  yield* namedArray(
    'backgrounds',
    single(async () =>
      (await listOwnedBackgrounds(db, userId)).map((b) => ({
        slug: b.slug,
        acquiredAt: b.acquiredAt.toISOString(),
      })),
    ),
  );
  yield '}\n';
}

/**
 * The caller's whole account as one JSON document (ExportFileSchema), produced piece by piece as
 * the reader takes it. The user and the goals are read before the first byte, so a failure there
 * is still an ordinary error answer; tasks, diaries and check-ins are read in keyset pages. The
 * day's mood is not written: it is the mean of the day's check-ins (version 2, decision 077).
 */
export async function openAccountExport(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  now: Date,
): Promise<AsyncGenerator<string>> {
  const user = await findExportUser(db, auth.userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  const goalRows = (await listExportGoals(db, auth.userId)).map(presentExportGoal);
  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    user: presentExportUser(user),
  } as const;
  return writeExportDocument(db, vault, auth.userId, head, goalRows);
}

/** Every task of the caller's as CSV (TASKS_CSV_COLUMNS), oldest first, read in pages. */
export async function* writeTasksCsv(db: Database, auth: AuthContext): AsyncGenerator<string> {
  yield toCsvRow(TASKS_CSV_COLUMNS);
  for await (const batch of taskBatches(db, auth.userId)) {
    yield batch.map((task) => toCsvRow(presentTaskCsvValues(task))).join('');
  }
}

/** The caller's mood history as CSV (MOODS_CSV_COLUMNS), oldest day first, read in pages. */
export async function* writeMoodsCsv(db: Database, auth: AuthContext): AsyncGenerator<string> {
  yield toCsvRow(MOODS_CSV_COLUMNS);
  for await (const batch of moodBatches(db, auth.userId)) {
    yield batch.map((mood) => toCsvRow(presentMoodCsvValues(mood))).join('');
  }
}
