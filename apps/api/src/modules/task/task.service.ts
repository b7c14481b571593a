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
import type { Database, Transaction } from '../../db/client';
import { isUuid } from '../../lib/ids';
import type { AuthContext } from '../../plugins/app/context';
import { presentGoal } from '../goal/goal.presenter';
import {
  completeGoalIfReached,
  creditTask,
  findCurrentGoal,
  findGoalInProgress,
} from '../goal/goal.repository';
import { findLastGeneratedTemplateId, lockUser, updateUser } from '../user/user.repository';
import { presentGeneratedTask, presentTask } from './task.presenter';
import {
  completeOngoingTask,
  countAcceptedOn,
  countOngoing,
  deleteDiscardedUpTo,
  deleteOngoingTask,
  findTaskPage,
  findTaskStatus,
  findTemplate,
  hasOngoingTaskOf,
  insertDiscardedTask,
  insertTask,
  pickTemplate,
  takeDiscardedTask,
} from './task.repository';

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
  const last = await findLastGeneratedTemplateId(db, auth.userId);
  const template = await pickTemplate(db, auth.userId, mood, last);
  if (!template) throw new AppError('NOT_FOUND', 'No task fits right now');
  await updateUser(db, auth.userId, { lastGeneratedTemplateId: template.id });
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
  if (await hasOngoingTaskOf(tx, auth.userId, templateId))
    throw new AppError('TASK_ALREADY_ONGOING', 'This task is already on the go');
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
    const template = await findTemplate(tx, body);
    if (!template) throw new AppError('UNKNOWN_TASK', 'This task is not one of ours');
    const goal = await findGoalInProgress(tx, auth.userId);
    if (!goal) throw new AppError('NO_GOAL_IN_PROGRESS', 'Set a goal before taking on tasks');
    await assertRoomForTask(tx, auth, template.id);
    const row = await insertTask(tx, {
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
    });
    return presentTask(row);
  });
}

/** Why a task cannot be acted on: 404 when it is not the caller's, 409 when it is not OnGoing. */
async function explainMissingTask(db: Database, auth: AuthContext, taskId: string): Promise<never> {
  const status = await findTaskStatus(db, auth.userId, taskId);
  if (status === undefined || status === 'Expired') throw new AppError('NOT_FOUND', 'No such task');
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
    const deleted = await deleteOngoingTask(tx, auth.userId, taskId);
    if (!deleted) return null;
    await deleteDiscardedUpTo(tx, auth.userId, restoreCutoff(now));
    await insertDiscardedTask(tx, {
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
    const copy = await takeDiscardedTask(tx, auth.userId, taskId, restoreCutoff(now));
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
    const row = await insertTask(tx, {
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
    });
    return presentTask(row);
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
    const task = await completeOngoingTask(
      tx,
      auth.userId,
      taskId,
      now,
      toLocalDate(now, auth.timeZone),
    );
    if (!task) return null;
    const credited = await creditTask(tx, auth.userId, task.goalId, task.points);
    const completed = await completeGoalIfReached(tx, auth.userId, task.goalId, now);
    return completed ?? credited!;
  });
  if (!goal) return explainMissingTask(db, auth, taskId);
  return presentGoal(goal);
}
