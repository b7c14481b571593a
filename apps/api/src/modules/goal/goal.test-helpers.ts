import { call, type TestContext } from '../../../test/app';
import type { TestUser } from '../../../test/factories';

export const API = '/api/v1';

/** The goal requests the goal route tests share, bound to one test app. */
export function goalRequests(ctx: TestContext) {
  const goalUrl = (user: TestUser, path = '') => `${API}/goal${path}?id=${user.id}`;
  const getGoal = (user: TestUser) => call(ctx.app, 'GET', goalUrl(user), { token: user.token });
  const createGoal = (user: TestUser, target: unknown) =>
    call(ctx.app, 'POST', goalUrl(user), { token: user.token, body: { target } });
  return { goalUrl, getGoal, createGoal };
}
