import type { ImportRun } from '@wellspring/shared';
import { call, type TestContext } from './app';
import type { TestUser } from './factories';

/** An import of the user's once it has stopped running, as GET /imports shows it. */
export async function importFinished(
  ctx: TestContext,
  user: TestUser,
  importId: string,
): Promise<ImportRun> {
  for (let i = 0; i < 500; i += 1) {
    const res = await call(ctx.app, 'GET', `/api/v1/imports?id=${user.id}`, { token: user.token });
    const found = (res.json().data as ImportRun[]).find((run) => run.id === importId);
    if (found && !['running', 'cancelling'].includes(found.status)) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the import did not finish');
}
