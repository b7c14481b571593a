import type { DiaryVault } from '../diary/diary-vault';
import {
  AppError,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MOODS_CSV_COLUMNS,
  TASKS_CSV_COLUMNS,
  toLocalDate,
  type ExportDiary,
  type ExportFile,
  type ExportGoal,
  type ExportMood,
  type ExportTask,
  type ImportCounts,
} from '@wellspring/shared';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import { diaries, goals, moodEntries, tasks, userBackgrounds, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/app/context';
import { lockUser } from '../goal/goal.repository';
import {
  presentExportDiary,
  presentExportGoal,
  presentExportMood,
  presentExportTask,
  presentExportUser,
  presentMoodCsvValues,
  presentTaskCsvValues,
} from './account.presenter';
import {
  findBackgroundIds,
  findDiaryBatch,
  findExportUser,
  findMoodBatch,
  findTaskBatch,
  findTemplateIds,
  hasAnyActivity,
  listExportGoals,
  listOwnedBackgrounds,
  type TaskCursor,
} from './account.repository';
import { toCsvRow } from './csv';

/** Rows read per query while exporting: a long history streams in pages, never whole. */
export const EXPORT_BATCH_SIZE = 1000;
/** Rows written per insert while importing (under PostgreSQL's 65,535 bound parameters). */
const IMPORT_BATCH_SIZE = 500;

// ---- Export --------------------------------------------------------------------------------

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

async function* diaryBatches(
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

async function* single<T>(rows: T[] | (() => Promise<T[]>)): AsyncGenerator<T[]> {
  yield typeof rows === 'function' ? await rows() : rows;
}

/** `"name":[ … ]`, one row a line, a batch at a time. */
async function* jsonArray<T>(name: string, batches: AsyncIterable<T[]>): AsyncGenerator<string> {
  yield `${JSON.stringify(name)}:[`;
  let isFirst = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield `${isFirst ? '\n' : ',\n'}${batch.map((row) => JSON.stringify(row)).join(',\n')}`;
    isFirst = false;
  }
  yield isFirst ? ']' : '\n]';
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
  yield* jsonArray('goals', single(goalRows));
  yield ',\n';
  yield* jsonArray('tasks', taskBatches(db, userId));
  yield ',\n';
  yield* jsonArray('diaries', diaryBatches(db, vault, userId));
  yield ',\n';
  yield* jsonArray('moods', moodBatches(db, userId));
  yield ',\n';
  yield* jsonArray(
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
 * is still an ordinary error answer; tasks, diaries and moods are read in keyset pages.
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

// ---- Import --------------------------------------------------------------------------------

function chunk<T>(rows: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/** Ids by slug for every slug named, or a 400 listing the ones this installation lacks. */
async function resolveSlugs(
  find: (db: Executor, slugs: string[]) => Promise<Map<string, string>>,
  db: Executor,
  named: (string | null)[],
  what: string,
): Promise<Map<string, string>> {
  const slugs = [...new Set(named.filter((s): s is string => s !== null))];
  const ids = await find(db, slugs);
  const missing = slugs.filter((s) => !ids.has(s));
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).join(', ');
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
    throw new AppError(
      'IMPORT_UNKNOWN_REFERENCE',
      `The file names ${what} this Wellspring does not have: ${shown}${more}`,
    );
  }
  return ids;
}

/**
 * Restores an export into the caller's account, which must have no goals, tasks, diary entries or
 * moods yet. One transaction: new ids, tasks re-attached to the new ids of their goals, catalogue
 * tasks and backgrounds found by slug. The email is never changed. A task still OnGoing from an
 * earlier day than today (in the file's time zone) comes back Expired, as the day rollover would
 * have made it.
 */
export async function importAccount(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  file: ExportFile,
  now: Date,
): Promise<ImportCounts> {
  try {
    return await db.transaction(async (tx) => {
      await lockUser(tx, auth.userId);
      if (await hasAnyActivity(tx, auth.userId)) {
        throw new AppError(
          'ACCOUNT_NOT_EMPTY',
          'Import needs an account with no goals, tasks, diary entries or moods yet',
        );
      }
      const templateIds = await resolveSlugs(
        findTemplateIds,
        tx,
        file.tasks.map((t) => t.templateSlug),
        'tasks',
      );
      const backgroundIds = await resolveSlugs(
        findBackgroundIds,
        tx,
        [
          ...file.backgrounds.map((b) => b.slug),
          ...file.goals.map((g) => g.rewardBackground),
          file.user.selectedBackground,
        ],
        'backgrounds',
      );
      const userId = auth.userId;
      const today = toLocalDate(now, file.user.timeZone);
      const goalIds = new Map(file.goals.map((g) => [g.id, randomUUID()]));

      for (const part of chunk(file.goals, IMPORT_BATCH_SIZE)) {
        await tx.insert(goals).values(
          part.map((g) => ({
            id: goalIds.get(g.id)!,
            userId,
            target: g.target,
            earned: g.earned,
            taskCompleted: g.taskCompleted,
            status: g.status,
            tier: g.tier,
            hasClaimedReward: g.hasClaimedReward,
            backgroundRewardId: g.rewardBackground ? backgroundIds.get(g.rewardBackground)! : null,
            createdAt: new Date(g.createdAt),
            completedAt: g.completedAt ? new Date(g.completedAt) : null,
          })),
        );
      }
      for (const part of chunk(file.tasks, IMPORT_BATCH_SIZE)) {
        await tx.insert(tasks).values(
          part.map((t) => ({
            userId,
            goalId: goalIds.get(t.goalId)!,
            templateId: templateIds.get(t.templateSlug)!,
            title: t.title,
            description: t.description,
            mood: t.mood,
            points: t.points,
            status: t.status === 'OnGoing' && t.acceptedOn < today ? 'Expired' : t.status,
            createdAt: new Date(t.createdAt),
            acceptedOn: t.acceptedOn,
            completedAt: t.completedAt ? new Date(t.completedAt) : null,
            completedOn: t.completedOn,
          })),
        );
      }
      for (const part of chunk(file.diaries, IMPORT_BATCH_SIZE)) {
        await tx.insert(diaries).values(
          part.map((d) => ({
            userId,
            localDate: d.date,
            ...vault.seal(userId, d.date, d.content),
            createdAt: new Date(d.createdAt),
          })),
        );
      }
      for (const part of chunk(file.moods, IMPORT_BATCH_SIZE)) {
        await tx.insert(moodEntries).values(
          part.map((m) => ({
            userId,
            localDate: m.date,
            mood: m.mood,
            updatedAt: new Date(m.updatedAt),
          })),
        );
      }
      if (file.backgrounds.length > 0) {
        // The default background is owned already: it keeps the earlier of the two dates.
        await tx
          .insert(userBackgrounds)
          .values(
            file.backgrounds.map((b) => ({
              userId,
              backgroundId: backgroundIds.get(b.slug)!,
              acquiredAt: new Date(b.acquiredAt),
            })),
          )
          .onConflictDoUpdate({
            target: [userBackgrounds.userId, userBackgrounds.backgroundId],
            set: { acquiredAt: sql`least(${userBackgrounds.acquiredAt}, excluded.acquired_at)` },
          });
      }
      const selected = file.user.selectedBackground;
      await tx
        .update(users)
        .set({
          name: file.user.name,
          timeZone: file.user.timeZone,
          hasOnboarded: file.user.hasOnboarded,
          selectedBackgroundId: selected ? backgroundIds.get(selected)! : null,
        })
        .where(eq(users.id, userId));
      return {
        goals: file.goals.length,
        tasks: file.tasks.length,
        diaries: file.diaries.length,
        moods: file.moods.length,
        backgrounds: file.backgrounds.length,
      };
    });
  } catch (error) {
    // The file's own days and goals were checked; a clash here is a row written meanwhile.
    if (isUniqueViolation(error)) {
      throw new AppError(
        'ACCOUNT_NOT_EMPTY',
        'Import needs an account with no goals, tasks, diary entries or moods yet',
      );
    }
    throw error;
  }
}

// ---- Deletion ------------------------------------------------------------------------------

/** The form in which two spellings of one email compare equal. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Deletes the caller's account and everything in it, once they have typed its email. Every table
 * holding a user's rows cascades on users.id, so one delete takes them all, sessions included:
 * every token of the account stops working at once.
 */
export async function deleteAccount(
  db: Database,
  auth: AuthContext,
  confirmationEmail: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, auth.userId))
      .for('update');
    if (!user) throw new AppError('NOT_FOUND', 'No such user');
    if (normalizeEmail(user.email) !== normalizeEmail(confirmationEmail)) {
      throw new AppError('CONFIRMATION_MISMATCH', 'The email does not match this account');
    }
    await tx.delete(users).where(eq(users.id, auth.userId));
  });
}
