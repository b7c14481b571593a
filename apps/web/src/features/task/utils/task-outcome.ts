import { isGoalReached, type Goal, type Task } from '@wellspring/shared';

/**
 * The goal as it was before this task's points went in. The completion call answers only the
 * updated goal, and the task feature does not read the goal feature's cache, so the old goal is
 * the new one minus this task.
 */
export function getGoalBeforeTask(newGoal: Goal, task: Pick<Task, 'points'>): Goal {
  const earned = Math.max(0, newGoal.earned - task.points);
  const wasCompleted = isGoalReached(earned, newGoal.target);
  return {
    ...newGoal,
    earned,
    taskCompleted: Math.max(0, newGoal.taskCompleted - 1),
    completionPercent: getDialogPercent(earned, newGoal.target),
    status: wasCompleted ? newGoal.status : 'OnProgress',
    completedAt: wasCompleted ? newGoal.completedAt : null,
    backgroundRewardId: wasCompleted ? newGoal.backgroundRewardId : null,
  };
}

/** SPEC.md section 4: the task's points plus the goal's earned reach the target. */
export function doesTaskCompleteGoal(oldGoal: Goal, task: Pick<Task, 'points'>): boolean {
  return task.points + oldGoal.earned >= oldGoal.target;
}

/** The percent the taskComplete dialog shows: floor(earned * 100 / target), 0 when target is 0. */
export function getDialogPercent(earned: number, target: number): number {
  if (!target) return 0;
  return Math.floor((earned * 100) / target);
}
