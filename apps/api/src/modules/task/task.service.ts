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
import { creditTaskAndCompleteGoal, findCurrentGoal } from '../goal/goal.repository';
import { findLastGeneratedTemplateId, lockUser, updateUser } from '../user/user.repository';
import { presentGeneratedTask, presentTask } from './task.presenter';
import {
  completeOngoingTask,
  countAcceptedOn,
  countOngoing,
  findTaskPage,
  findTaskStatus,
  findAcceptCheck,
  hasOngoingTaskOf,
  insertAcceptedTaskIfRoom,
  pickTemplate,
  type TaskPageRead,
} from './task.repository';

/** At most this many tasks OnGoing at once (PRODUCT.md section 5). */
export const MAX_ONGOING_TASKS = 10;
/** At most this many tasks accepted in one local day: enough for anyone, too few to farm points. */
export const MAX_TASKS_ACCEPTED_PER_DAY = 30;

export const GENERATION_BLOCKED_MESSAGE =
  'Tasks can only be generated when your goal is not yet completed';

/**
 * The task list. With `page`: a page of every task, newest first. Without it: SPEC.md's board,
 * the tasks of the goal in progress (else the latest goal), OnGoing ones first, at most 100.
 * `known`: the page the session lookup read (decision 051), used when it is the page asked for.
 */
export async function listTasks(
  db: Database,
  auth: AuthContext,
  query: TaskListQuery,
  known?: TaskPageRead,
): Promise<{ data: Task[]; totalTaskCount: number }> {
  if (
    known &&
    query.page === known.page &&
    query.size === known.size &&
    query.status === known.status &&
    query.date === undefined
  ) {
    return { data: known.rows.map(presentTask), totalTaskCount: known.total };
  }
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
export async function assertRoomForTask(
  tx: Transaction,
  auth: AuthContext,
  templateId: string,
): Promise<void> {
  const ongoing = await countOngoing(tx, auth.userId);
  assertRoom({ ongoing });
  const acceptedToday = await countAcceptedOn(tx, auth.userId, auth.today);
  assertRoom({ ongoing, acceptedToday });
  assertRoom({
    ongoing,
    acceptedToday,
    isTemplateOngoing: await hasOngoingTaskOf(tx, auth.userId, templateId),
  });
}

/** The caps and the one-of-each rule, in that order, over counts already read. */
function assertRoom(room: {
  ongoing: number;
  acceptedToday?: number;
  isTemplateOngoing?: boolean;
}): void {
  if (room.ongoing >= MAX_ONGOING_TASKS) {
    throw new AppError(
      'TOO_MANY_ONGOING_TASKS',
      `You have ${MAX_ONGOING_TASKS} tasks on the go; finish or discard one first`,
    );
  }
  if ((room.acceptedToday ?? 0) >= MAX_TASKS_ACCEPTED_PER_DAY) {
    throw new AppError('DAILY_TASK_LIMIT', 'That is plenty for today; come back tomorrow');
  }
  if (room.isTemplateOngoing)
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
    // Two statements (decision 062): the lock, then the insert that holds every rule.
    await lockUser(tx, auth.userId);
    const row = await insertAcceptedTaskIfRoom(tx, {
      userId: auth.userId,
      pick: body,
      createdAt: now,
      acceptedOn: auth.today,
      maxOngoing: MAX_ONGOING_TASKS,
      maxAcceptedToday: MAX_TASKS_ACCEPTED_PER_DAY,
    });
    if (row) return presentTask(row);
    // Refused: which rule, read under the same lock (one statement more, on refusals only).
    const check = await findAcceptCheck(tx, auth.userId, body, auth.today);
    if (!check) throw new AppError('UNKNOWN_TASK', 'This task is not one of ours');
    if (!check.goalId)
      throw new AppError('NO_GOAL_IN_PROGRESS', 'Set a goal before taking on tasks');
    assertRoom(check);
    throw new Error('The insert refused a task that every rule of accepting allows');
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
    // The user's lock and the conditional status change, in the first statement (decision 062).
    const task = await completeOngoingTask(
      tx,
      auth.userId,
      taskId,
      now,
      toLocalDate(now, auth.timeZone),
    );
    if (!task) return null;
    // The second and last statement, on a snapshot taken after the lock (decision 062).
    const goal = await creditTaskAndCompleteGoal(tx, auth.userId, task.goalId, task.points, now);
    return goal!;
  });
  if (!goal) return explainMissingTask(db, auth, taskId);
  return presentGoal(goal);
}
