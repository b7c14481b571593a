import { AppError, type Task } from '@wellspring/shared';
import type { Database } from '../../db/client';
import { isUuid } from '../../lib/ids';
import type { AuthContext } from '../../plugins/app/context';
import { findGoalInProgress } from '../goal/goal.repository';
import { lockUser } from '../user/user.repository';
import { presentTask } from './task.presenter';
import {
  deleteDiscardedUpTo,
  deleteOngoingTask,
  insertDiscardedTask,
  insertTask,
  takeDiscardedTask,
} from './task.repository';
import { assertRoomForTask, explainMissingTask } from './task.service';

// Discarding a task and taking the discard back (decision 022): the one job of this file.

/**
 * How long a discard can be undone (decision 022): the web app offers Undo for about 5 seconds;
 * the rest is room for a slow network.
 */
export const RESTORE_WINDOW_MS = 30_000;

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
