import {
  AppError,
  toLocalDate,
  type CreateTaskBody,
  type GeneratedTask,
  type Goal,
  type Task,
  type TaskListQuery,
} from '@wellspring/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { goals, tasks, taskTemplates, users } from '../../db/schema';
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

export const GENERATION_BLOCKED_MESSAGE =
  'Tasks can only be generated when your goal is not yet completed';

export async function listTasks(
  db: Database,
  auth: AuthContext,
  query: TaskListQuery,
): Promise<{ data: Task[]; totalTaskCount: number }> {
  const { rows, total } = await findTaskPage(db, {
    userId: auth.userId,
    status: query.status,
    date: query.date === undefined ? undefined : toLocalDate(query.date, auth.timeZone),
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
          eq(tasks.templateId, template.id),
          eq(tasks.status, 'OnGoing'),
        ),
      )
      .limit(1);
    if (duplicate) throw new AppError('TASK_ALREADY_ONGOING', 'This task is already on the go');
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

/** Discards an OnGoing task of the caller's. */
export async function discardTask(db: Database, auth: AuthContext, taskId: string): Promise<Task> {
  if (!isUuid(taskId)) throw new AppError('NOT_FOUND', 'No such task');
  const [row] = await db
    .delete(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, auth.userId), eq(tasks.status, 'OnGoing')))
    .returning();
  if (!row) return explainMissingTask(db, auth, taskId);
  return presentTask(row);
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
