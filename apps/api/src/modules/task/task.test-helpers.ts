import { eq } from 'drizzle-orm';
import { call, type TestContext } from '../../../test/app';
import { buildGoal, buildUser, type TestUser } from '../../../test/factories';
import { goals } from '../../db/schema';

export const API = '/api/v1';

export const TASK_KEYS = [
  'completedAt',
  'createdAt',
  'description',
  'goalId',
  'id',
  'mood',
  'points',
  'status',
  'templateId',
  'title',
];

/** The task requests and set-up the task route tests share, bound to one test app. */
export function taskRequests(ctx: TestContext) {
  /** A user with a goal in progress. */
  async function userWithGoal(
    overrides: Parameters<typeof buildUser>[1] = {},
    target = 500_000,
  ): Promise<{ user: TestUser; goalId: string }> {
    const user = await buildUser(ctx, overrides);
    const goal = await buildGoal(ctx, user, { target });
    return { user, goalId: goal.id };
  }

  const listTasks = (user: TestUser, query = '') =>
    call(ctx.app, 'GET', `${API}/task?id=${user.id}${query}`, { token: user.token });
  const acceptTask = (user: TestUser, body: unknown) =>
    call(ctx.app, 'POST', `${API}/task?id=${user.id}`, { token: user.token, body });
  const completeTask = (user: TestUser, taskId: string, userId = user.id) =>
    call(ctx.app, 'POST', `${API}/task/completed?taskId=${taskId}&userId=${userId}`, {
      token: user.token,
    });
  const deleteTask = (user: TestUser, taskId: string) =>
    call(ctx.app, 'DELETE', `${API}/task?taskId=${taskId}`, { token: user.token });
  const generate = (user: TestUser, query = '') =>
    call(ctx.app, 'GET', `${API}/task/generated?id=${user.id}${query}`, { token: user.token });
  const goalRow = async (goalId: string) =>
    (await ctx.db.select().from(goals).where(eq(goals.id, goalId)))[0]!;
  return { userWithGoal, listTasks, acceptTask, completeTask, deleteTask, generate, goalRow };
}
