import {
  AppError,
  TASK_BOARD_LIMIT,
  type CreateTaskBody,
  type GeneratedTask,
  type Goal,
  type Task,
  type TaskListQuery,
} from '@wellspring/shared';
import type { Database, Transaction } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { toLocalDate } from '../../lib/local-date';
import type { AuthContext } from '../../plugins/app/context';
import { presentGoal } from '../goal/goal.presenter';
import {
  creditTaskAndCompleteGoal,
  findCurrentGoal,
  findGoalInProgress,
} from '../goal/goal.repository';
import { findLastGeneratedTemplateId, lockUser, updateUser } from '../user/user.repository';
import { presentGeneratedTask, presentTask } from './task.presenter';
import {
  completeOngoingTask,
  countAcceptedOn,
  countOngoing,
  findTaskPage,
  findTaskStatus,
  findTemplate,
  hasOngoingTaskOf,
  insertTask,
  pickTemplate,
} from './task.repository';

/** At most this many tasks OnGoing at once (PRODUCT.md section 5). */
export const MAX_ONGOING_TASKS = 10;
/** At most this many tasks accepted in one local day: enough for anyone, too few to farm points. */
export const MAX_TASKS_ACCEPTED_PER_DAY = 30;

const GENERATION_BLOCKED_MESSAGE =
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
 * already on the go: the rules of accepting a task and of restoring a discarded one. The caller
 * holds the user's lock, so the counts cannot change before its insert.
 */
export async function assertRoomForTask(
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
  if (await hasOngoingTaskOf(tx, auth.userId, templateId)) {
    throw new AppError('TASK_ALREADY_ONGOING', 'This task is already on the go');
  }
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
export async function explainMissingTask(
  db: Database,
  auth: AuthContext,
  taskId: string,
): Promise<never> {
  const status = await findTaskStatus(db, auth.userId, taskId);
  if (status === undefined || status === 'Expired') throw new AppError('NOT_FOUND', 'No such task');
  throw new AppError('TASK_NOT_ONGOING', 'This task is already completed');
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
    const today = toLocalDate(now, auth.timeZone);
    const task = await completeOngoingTask(tx, auth.userId, taskId, now, today);
    if (!task) return null;
    const goal = await creditTaskAndCompleteGoal(tx, auth.userId, task.goalId, task.points, now);
    return goal!;
  });
  if (!goal) return explainMissingTask(db, auth, taskId);
  return presentGoal(goal);
}
