import type { TaskStatus } from '@wellspring/shared';
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  lt,
  lte,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { discardedTasks, tasks, taskTemplates } from '../../db/schema';

export type TaskRow = typeof tasks.$inferSelect;
type NewTaskRow = typeof tasks.$inferInsert;
export type TemplateRow = typeof taskTemplates.$inferSelect;
type DiscardedTaskRow = typeof discardedTasks.$inferSelect;
type NewDiscardedTaskRow = typeof discardedTasks.$inferInsert;

/** Expired tasks are left over from an earlier day and never listed. */
const LISTED_STATUSES = ['OnGoing', 'Completed'];

interface TaskListFilter {
  userId: string;
  /** Only the tasks of this goal. */
  goalId?: string | undefined;
  /** OnGoing tasks before Completed ones (the board), each newest first. */
  isOngoingFirst?: boolean;
  status?: TaskStatus | undefined;
  /** A local date: tasks accepted or completed on it. */
  date?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * A page of the user's listed tasks, newest first (OnGoing ones first when asked), and how many
 * match the same filter in all.
 */
export async function findTaskPage(db: Executor, filter: TaskListFilter) {
  const conditions: SQL[] = [eq(tasks.userId, filter.userId)];
  if (filter.goalId) conditions.push(eq(tasks.goalId, filter.goalId));
  conditions.push(
    filter.status ? eq(tasks.status, filter.status) : inArray(tasks.status, LISTED_STATUSES),
  );
  if (filter.date) {
    conditions.push(or(eq(tasks.acceptedOn, filter.date), eq(tasks.completedOn, filter.date))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(
        ...(filter.isOngoingFirst ? [sql`(${tasks.status} = 'OnGoing') desc`] : []),
        desc(tasks.createdAt),
        desc(tasks.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A random catalogue task for the mood (any when none), not one the user has OnGoing. */
export async function pickTemplate(
  db: Executor,
  userId: string,
  mood: string | undefined,
  avoidTemplateId: string | null,
) {
  const ongoing = db
    .select({ id: tasks.templateId })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'OnGoing')));
  const base: SQL[] = [notInArray(taskTemplates.id, ongoing)];
  if (mood) base.push(eq(taskTemplates.mood, mood));
  const pick = (extra: SQL[]) =>
    db
      .select()
      .from(taskTemplates)
      .where(and(...base, ...extra))
      .orderBy(sql`random()`)
      .limit(1);
  const [fresh] = avoidTemplateId
    ? await pick([ne(taskTemplates.id, avoidTemplateId)])
    : await pick([]);
  if (fresh || !avoidTemplateId) return fresh ?? null;
  const [any] = await pick([]);
  return any ?? null;
}

/** The catalogue task of the mood with this id, or (without an id) this title. */
export async function findTemplate(
  db: Executor,
  pick: { templateId?: string | undefined; title: string; mood: string },
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(taskTemplates)
    .where(
      pick.templateId
        ? and(eq(taskTemplates.id, pick.templateId), eq(taskTemplates.mood, pick.mood))
        : and(eq(taskTemplates.title, pick.title), eq(taskTemplates.mood, pick.mood)),
    )
    .limit(1);
  return row;
}

export async function countOngoing(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'OnGoing')));
  return Number(row?.n ?? 0);
}

export async function countAcceptedOn(db: Executor, userId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.acceptedOn, day)));
  return Number(row?.n ?? 0);
}

/** True when the user has this catalogue task OnGoing. */
export async function hasOngoingTaskOf(
  db: Executor,
  userId: string,
  templateId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(eq(tasks.userId, userId), eq(tasks.templateId, templateId), eq(tasks.status, 'OnGoing')),
    )
    .limit(1);
  return row !== undefined;
}

/** The status of the user's task, or undefined when they have no task with this id. */
export async function findTaskStatus(
  db: Executor,
  userId: string,
  taskId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  return row?.status;
}

export async function insertTask(tx: Transaction, values: NewTaskRow): Promise<TaskRow> {
  const [row] = await tx.insert(tasks).values(values).returning();
  return row!;
}

/**
 * Completes the user's task if it is OnGoing; answers the row as it is now. The update re-reads
 * the task's row once it holds it, so a task another transaction completed or discarded meanwhile
 * is left alone.
 */
export async function completeOngoingTask(
  tx: Transaction,
  userId: string,
  taskId: string,
  completedAt: Date,
  completedOn: string,
): Promise<TaskRow | undefined> {
  const [row] = await tx
    .update(tasks)
    .set({ status: 'Completed', completedAt, completedOn })
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId), eq(tasks.status, 'OnGoing')))
    .returning();
  return row;
}

/** The day rollover's part: the user's OnGoing tasks accepted before `today` expire. */
export async function expireOngoingTasksBefore(
  tx: Transaction,
  userId: string,
  today: string,
): Promise<number> {
  const expired = await tx
    .update(tasks)
    .set({ status: 'Expired' })
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'OnGoing'), lt(tasks.acceptedOn, today)))
    .returning({ id: tasks.id });
  return expired.length;
}

/** Deletes the user's task if it is OnGoing; answers the row deleted. */
export async function deleteOngoingTask(
  tx: Transaction,
  userId: string,
  taskId: string,
): Promise<TaskRow | undefined> {
  const [row] = await tx
    .delete(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId), eq(tasks.status, 'OnGoing')))
    .returning();
  return row;
}

/** Deletes the user's discarded copies kept since `cutoff` or earlier. */
export async function deleteDiscardedUpTo(
  tx: Transaction,
  userId: string,
  cutoff: Date,
): Promise<void> {
  await tx
    .delete(discardedTasks)
    .where(and(eq(discardedTasks.userId, userId), lte(discardedTasks.discardedAt, cutoff)));
}

export async function insertDiscardedTask(
  tx: Transaction,
  values: NewDiscardedTaskRow,
): Promise<void> {
  await tx.insert(discardedTasks).values(values);
}

/** Takes (deletes and answers) the user's discarded copy of the task if discarded after `cutoff`. */
export async function takeDiscardedTask(
  tx: Transaction,
  userId: string,
  taskId: string,
  cutoff: Date,
): Promise<DiscardedTaskRow | undefined> {
  const [row] = await tx
    .delete(discardedTasks)
    .where(
      and(
        eq(discardedTasks.taskId, taskId),
        eq(discardedTasks.userId, userId),
        gt(discardedTasks.discardedAt, cutoff),
      ),
    )
    .returning();
  return row;
}
