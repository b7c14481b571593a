import {
  AppError,
  TASK_BOARD_LIMIT,
  toLocalDate,
  type CreateTaskBody,
  type GeneratedTask,
  type Goal,
  type Task,
  type TaskListQuery,
} from '@wellspring/shared';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { discardedTasks, goals, tasks, taskTemplates, users } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import type { AuthContext } from '../../plugins/app/context';
import { presentGoal } from '../goal/goal.presenter';
import {
  completeGoalIfReached,
  findCurrentGoal,
  findGoalInProgress,
  lockUser,
} from '../goal/goal.repository';
import { presentGeneratedTask, presentTask } from './task.presenter';
import { countAcceptedOn, countOngoing, findTaskPage, pickTemplate } from './task.repository';

/** At most this many tasks OnGoing at once (PRODUCT.md section 5). */
export const MAX_ONGOING_TASKS = 10;
/** At most this many tasks accepted in one local day: enough for anyone, too few to farm points. */
export const MAX_TASKS_ACCEPTED_PER_DAY = 30;

/**
 * How long a discard can be undone (decision 022): the web app offers Undo for about 5 seconds;
 * the rest is room for a slow network.
 */
export const RESTORE_WINDOW_MS = 30_000;

export const GENERATION_BLOCKED_MESSAGE =
  'Tasks can only be generated when your goal is not yet completed';

/**
 * The task list. With `page`: a page of every task, newest first. Without it: SPEC.md's board,
 * the tasks of the goal in progress (else the latest goal), OnGoing ones first, at most 100.
 */
export async function listTasks(
  db: Database,
  auth: AuthContext,
  query: TaskListQuery,
): Promise<{ data: Task[]; totalTaskCount: number }> {
  const date = query.date === undefined ? undefined : toLocalDate(query.date, auth.timeZone);
  const filter = { userId: auth.userId, status: query.status, date };
  if (query.page === undefined) {
    const goal = await findCurrentGoal(db, auth.userId);
    if (!goal) return { data: [], totalTaskCount: 0 };
    const { rows, total } = await findTaskPage(db, {
      ...filter,
      goalId: goal.id,
      isOngoingFirst: true,
      limit: TASK_BOARD_LIMIT,
      offset: 0,
    });
    return { data: rows.map(presentTask), totalTaskCount: total };
  }
  const { rows, total } = await findTaskPage(db, {
    ...filter,
    limit: query.size,
    offset: (query.page - 1) * query.size,
  });
  return { data: rows.map(presentTask), totalTaskCount: total };
}

/** Suggests a catalogue task for the mood: not one already OnGoing, not the one just shown. */
export async function generateTask(
  db: Database,
  auth: AuthContext,
  mood: string | undefined,
): Promise<GeneratedTask> {
  const goal = await findCurrentGoal(db, auth.userId);
  if (goal?.status === 'Completed') {
    throw new AppError('GOAL_ALREADY_COMPLETED', GENERATION_BLOCKED_MESSAGE);
  }
  const [user] = await db
    .select({ last: users.lastGeneratedTemplateId })
    .from(users)
    .where(eq(users.id, auth.userId));
  const template = await pickTemplate(db, auth.userId, mood, user?.last ?? null);
  if (!template) throw new AppError('NOT_FOUND', 'No task fits right now');
  await db
    .update(users)
    .set({ lastGeneratedTemplateId: template.id })
    .where(eq(users.id, auth.userId));
  return presentGeneratedTask(template);
}

/**
 * Refuses one more OnGoing task of this template when the caps are reached or the same task is
 * already on the go. The caller holds the user's lock.
 */
async function assertRoomForTask(
  tx: Transaction,
  auth: AuthContext,
  templateId: string,
): Promise<void> {
  if ((await countOngoing(tx, auth.userId)) >= MAX_ONGOING_TASKS) {
    throw new AppError(
      'TOO_MANY_ONGOING_TASKS',
      `You have ${MAX_ONGOING_TASKS} tasks on the go; finish or discard one first`,
    );
  }
  if ((await countAcceptedOn(tx, auth.userId, auth.today)) >= MAX_TASKS_ACCEPTED_PER_DAY) {
    throw new AppError('DAILY_TASK_LIMIT', 'That is plenty for today; come back tomorrow');
  }
  const [duplicate] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, auth.userId),
        eq(tasks.templateId, templateId),
        eq(tasks.status, 'OnGoing'),
      ),
    )
    .limit(1);
  if (duplicate) throw new AppError('TASK_ALREADY_ONGOING', 'This task is already on the go');
}

/** Accepts a catalogue task as OnGoing for the goal in progress; the catalogue sets the points. */
export async function acceptTask(
  db: Database,
  auth: AuthContext,
  body: CreateTaskBody,
  now: Date,
): Promise<Task> {
  return db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    const [template] = await tx
      .select()
      .from(taskTemplates)
      .where(
        body.templateId
          ? and(eq(taskTemplates.id, body.templateId), eq(taskTemplates.mood, body.mood))
          : and(eq(taskTemplates.title, body.title), eq(taskTemplates.mood, body.mood)),
      )
      .limit(1);
    if (!template) throw new AppError('UNKNOWN_TASK', 'This task is not one of ours');
    const goal = await findGoalInProgress(tx, auth.userId);
    if (!goal) throw new AppError('NO_GOAL_IN_PROGRESS', 'Set a goal before taking on tasks');
    await assertRoomForTask(tx, auth, template.id);
    const [row] = await tx
      .insert(tasks)
      .values({
        userId: auth.userId,
        goalId: goal.id,
        templateId: template.id,
        title: template.title,
        description: template.description,
        mood: template.mood,
        points: template.points,
        status: 'OnGoing',
        createdAt: now,
        acceptedOn: auth.today,
      })
      .returning();
    return presentTask(row!);
  });
}

/** Why a task cannot be acted on: 404 when it is not the caller's, 409 when it is not OnGoing. */
async function explainMissingTask(db: Database, auth: AuthContext, taskId: string): Promise<never> {
  const [row] = await db
    .select({ status: tasks.status })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, auth.userId)));
  if (!row || row.status === 'Expired') throw new AppError('NOT_FOUND', 'No such task');
  throw new AppError('TASK_NOT_ONGOING', 'This task is already completed');
}

/**
 * Discards an OnGoing task of the caller's, keeping a copy for {@link RESTORE_WINDOW_MS} so that
 * its owner can undo the discard; the caller's older copies go at the same time.
 */
export async function discardTask(
  db: Database,
  auth: AuthContext,
  taskId: string,
  now: Date,
): Promise<Task> {
  if (!isUuid(taskId)) throw new AppError('NOT_FOUND', 'No such task');
  const row = await db.transaction(async (tx) => {
    // The user's row first, as every other write of theirs: a discard racing a completion or a
    // second discard then waits its turn instead of deadlocking on the task and discard rows.
    await lockUser(tx, auth.userId);
    const [deleted] = await tx
      .delete(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, auth.userId), eq(tasks.status, 'OnGoing')))
      .returning();
    if (!deleted) return null;
    await tx
      .delete(discardedTasks)
      .where(
        and(
          eq(discardedTasks.userId, auth.userId),
          lte(discardedTasks.discardedAt, restoreCutoff(now)),
        ),
      );
    await tx.insert(discardedTasks).values({
      taskId: deleted.id,
      userId: deleted.userId,
      goalId: deleted.goalId,
      templateId: deleted.templateId,
      title: deleted.title,
      description: deleted.description,
      mood: deleted.mood,
      points: deleted.points,
      createdAt: deleted.createdAt,
      acceptedOn: deleted.acceptedOn,
      discardedAt: now,
    });
    return deleted;
  });
  if (!row) return explainMissingTask(db, auth, taskId);
  return presentTask(row);
}

/** Discards before this instant can no longer be undone. */
function restoreCutoff(now: Date): Date {
  return new Date(now.getTime() - RESTORE_WINDOW_MS);
}

const NOTHING_TO_RESTORE = 'There is no discarded task to bring back';

/**
 * Puts back a task the caller discarded less than {@link RESTORE_WINDOW_MS} ago, once, as it was
 * (same id, OnGoing, same goal and points). Anything else is a 404: another user's task, an
 * unknown id, a restore after the window or a second one. A 409 when the task could not be taken
 * on now: its goal is no longer in progress, its day has ended, or the caps of accepting are
 * reached. A refused restore changes nothing.
 */
export async function restoreTask(
  db: Database,
  auth: AuthContext,
  taskId: string,
  now: Date,
): Promise<Task> {
  if (!isUuid(taskId)) throw new AppError('NOT_FOUND', NOTHING_TO_RESTORE);
  return db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    const [copy] = await tx
      .delete(discardedTasks)
      .where(
        and(
          eq(discardedTasks.taskId, taskId),
          eq(discardedTasks.userId, auth.userId),
          gt(discardedTasks.discardedAt, restoreCutoff(now)),
        ),
      )
      .returning();
    if (!copy) throw new AppError('NOT_FOUND', NOTHING_TO_RESTORE);
    // Yesterday's OnGoing tasks have expired at the rollover; this one would have too.
    if (copy.acceptedOn !== auth.today) throw new AppError('NOT_FOUND', NOTHING_TO_RESTORE);
    const goal = await findGoalInProgress(tx, auth.userId);
    if (goal?.id !== copy.goalId) {
      throw new AppError(
        'NO_GOAL_IN_PROGRESS',
        'The goal this task was for is no longer in progress',
      );
    }
    await assertRoomForTask(tx, auth, copy.templateId);
    const [row] = await tx
      .insert(tasks)
      .values({
        id: copy.taskId,
        userId: copy.userId,
        goalId: copy.goalId,
        templateId: copy.templateId,
        title: copy.title,
        description: copy.description,
        mood: copy.mood,
        points: copy.points,
        status: 'OnGoing',
        createdAt: copy.createdAt,
        acceptedOn: copy.acceptedOn,
      })
      .returning();
    return presentTask(row!);
  });
}

/**
 * Completes an OnGoing task and credits its points to its goal, in one transaction: the status
 * change is conditional, so however many calls race, the points are credited once.
 */
export async function completeTask(
  db: Database,
  auth: AuthContext,
  taskId: string,
  now: Date,
): Promise<Goal> {
  if (!isUuid(taskId)) throw new AppError('NOT_FOUND', 'No such task');
  const goal = await db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    const [task] = await tx
      .update(tasks)
      .set({ status: 'Completed', completedAt: now, completedOn: toLocalDate(now, auth.timeZone) })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, auth.userId), eq(tasks.status, 'OnGoing')))
      .returning();
    if (!task) return null;
    const [credited] = await tx
      .update(goals)
      .set({
        earned: sql`${goals.earned} + ${task.points}`,
        taskCompleted: sql`${goals.taskCompleted} + 1`,
      })
      .where(and(eq(goals.id, task.goalId), eq(goals.userId, auth.userId)))
      .returning();
    const completed = await completeGoalIfReached(tx, task.goalId, auth.userId, now);
    return completed ?? credited!;
  });
  if (!goal) return explainMissingTask(db, auth, taskId);
  return presentGoal(goal);
}
