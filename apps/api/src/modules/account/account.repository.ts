import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import {
  backgrounds,
  diaries,
  goals,
  moodEntries,
  tasks,
  taskTemplates,
  userBackgrounds,
  users,
} from '../../db/schema';

/** Where a keyset page of tasks ends: the last row's creation time (exact, as text) and id. */
export interface TaskCursor {
  createdAt: string;
  id: string;
}

export async function findExportUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ user: users, selectedBackground: backgrounds.slug })
    .from(users)
    .leftJoin(backgrounds, eq(backgrounds.id, users.selectedBackgroundId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
export type ExportUserRow = NonNullable<Awaited<ReturnType<typeof findExportUser>>>;

/** Every goal of the user, oldest first, with the slug of its reward. */
export async function listExportGoals(db: Executor, userId: string) {
  return db
    .select({ goal: goals, rewardBackground: backgrounds.slug })
    .from(goals)
    .leftJoin(backgrounds, eq(backgrounds.id, goals.backgroundRewardId))
    .where(eq(goals.userId, userId))
    .orderBy(asc(goals.createdAt), asc(goals.id));
}
export type ExportGoalRow = Awaited<ReturnType<typeof listExportGoals>>[number];

/**
 * One page of the user's tasks, oldest first, after the cursor. The cursor carries the timestamp
 * as PostgreSQL prints it, so a value with microseconds is compared exactly, never rounded to the
 * milliseconds of a JavaScript Date (which could repeat or skip a row at a page boundary).
 */
export async function findTaskBatch(
  db: Executor,
  userId: string,
  after: TaskCursor | null,
  limit: number,
) {
  return db
    .select({
      task: tasks,
      templateSlug: taskTemplates.slug,
      cursor: sql<string>`${tasks.createdAt}::text`,
    })
    .from(tasks)
    .innerJoin(taskTemplates, eq(taskTemplates.id, tasks.templateId))
    .where(
      and(
        eq(tasks.userId, userId),
        after
          ? sql`(${tasks.createdAt}, ${tasks.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(tasks.createdAt), asc(tasks.id))
    .limit(limit);
}
export type ExportTaskRow = Awaited<ReturnType<typeof findTaskBatch>>[number];

/** One page of the user's diary entries, oldest day first, after the given day. */
export async function findDiaryBatch(
  db: Executor,
  userId: string,
  afterDate: string | null,
  limit: number,
) {
  return db
    .select()
    .from(diaries)
    .where(
      and(eq(diaries.userId, userId), afterDate ? gt(diaries.localDate, afterDate) : undefined),
    )
    .orderBy(asc(diaries.localDate))
    .limit(limit);
}

/** One page of the user's mood history, oldest day first, after the given day. */
export async function findMoodBatch(
  db: Executor,
  userId: string,
  afterDate: string | null,
  limit: number,
) {
  return db
    .select()
    .from(moodEntries)
    .where(
      and(
        eq(moodEntries.userId, userId),
        afterDate ? gt(moodEntries.localDate, afterDate) : undefined,
      ),
    )
    .orderBy(asc(moodEntries.localDate))
    .limit(limit);
}

/** The backgrounds the user owns, by slug, in the order they were acquired. */
export async function listOwnedBackgrounds(db: Executor, userId: string) {
  return db
    .select({ slug: backgrounds.slug, acquiredAt: userBackgrounds.acquiredAt })
    .from(userBackgrounds)
    .innerJoin(backgrounds, eq(backgrounds.id, userBackgrounds.backgroundId))
    .where(eq(userBackgrounds.userId, userId))
    .orderBy(asc(userBackgrounds.acquiredAt), asc(backgrounds.slug));
}

/** True when the user has any goal, task, diary entry or mood entry. */
export async function hasAnyActivity(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      any: sql<boolean>`(
        exists (select 1 from ${goals} where ${goals.userId} = ${userId})
        or exists (select 1 from ${tasks} where ${tasks.userId} = ${userId})
        or exists (select 1 from ${diaries} where ${diaries.userId} = ${userId})
        or exists (select 1 from ${moodEntries} where ${moodEntries.userId} = ${userId})
      )`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.any === true;
}

/** Every catalogue task, by slug: what an import checks its tasks against and takes its text from. */
export async function listCatalogueTasks(db: Executor) {
  const rows = await db
    .select({
      id: taskTemplates.id,
      slug: taskTemplates.slug,
      title: taskTemplates.title,
      description: taskTemplates.description,
      points: taskTemplates.points,
      mood: taskTemplates.mood,
    })
    .from(taskTemplates);
  return new Map(rows.map(({ slug, ...template }) => [slug, template]));
}

/** Every background, by slug: what an import checks its rewards and backgrounds against. */
export async function listCatalogueBackgrounds(db: Executor) {
  const rows = await db
    .select({ id: backgrounds.id, slug: backgrounds.slug, tier: backgrounds.tier })
    .from(backgrounds);
  return new Map(rows.map(({ slug, ...background }) => [slug, background]));
}

export type ExportDiaryRow = Awaited<ReturnType<typeof findDiaryBatch>>[number];
export type ExportMoodRow = Awaited<ReturnType<typeof findMoodBatch>>[number];

// ---- Import: the rows of a file, written a statement at a time ----------------------------

export type ImportGoalRow = typeof goals.$inferInsert;
export type ImportTaskRow = typeof tasks.$inferInsert;
export type ImportDiaryRow = typeof diaries.$inferInsert;

export async function insertGoals(tx: Transaction, rows: ImportGoalRow[]): Promise<void> {
  await tx.insert(goals).values(rows);
}

export async function insertTasks(tx: Transaction, rows: ImportTaskRow[]): Promise<void> {
  await tx.insert(tasks).values(rows);
}

export async function insertDiaries(tx: Transaction, rows: ImportDiaryRow[]): Promise<void> {
  await tx.insert(diaries).values(rows);
}
