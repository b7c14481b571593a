import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountRequests } from '../src/modules/account/account.test-helpers';
import { taskRequests } from '../src/modules/task/task.test-helpers';
import { call, useTestApp, type TestContext } from './app';
import { buildTask } from './factories';

/** The per-user counts the triggers keep, without the rows that fell to zero. */
async function keptCounts(ctx: TestContext): Promise<string[]> {
  const result = (await ctx.db.execute(
    sql`select user_id, status, n from task_counts where n <> 0 order by user_id, status`,
  )) as unknown as { rows: { user_id: string; status: string; n: number }[] };
  return result.rows.map((r) => `${r.user_id} ${r.status} ${Number(r.n)}`);
}

/** The same counts, counted from the rows. */
async function countedRows(ctx: TestContext): Promise<string[]> {
  const result = (await ctx.db.execute(
    sql`select user_id, status, count(*)::int as n from tasks group by user_id, status
        order by user_id, status`,
  )) as unknown as { rows: { user_id: string; status: string; n: number }[] };
  return result.rows.map((r) => `${r.user_id} ${r.status} ${Number(r.n)}`);
}

/**
 * Decision 051: task_counts is kept by the tasks table's triggers in the writer's transaction, on
 * every path that writes tasks; after each step here it equals the rows counted.
 */
describe('the per-user task counts', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set('2026-03-10T12:00:00.000Z'));
  const { userWithGoal, acceptTask, completeTask, deleteTask, generate, listTasks } =
    taskRequests(ctx);
  const account = accountRequests(ctx);

  async function expectCountsKept(step: string) {
    expect(await keptCounts(ctx), step).toEqual(await countedRows(ctx));
  }

  async function accept(user: Parameters<typeof generate>[0], mood = 'Sad') {
    const suggestion = (await generate(user, `&mood=${mood}`)).json().data;
    const res = await acceptTask(user, { ...suggestion, status: 'OnGoing' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }

  it('follow accept, complete, discard, undo, expiry and direct inserts, user by user', async () => {
    const { user } = await userWithGoal();
    const other = await userWithGoal();
    const first = await accept(user);
    const second = await accept(user, 'Happy');
    await accept(other.user);
    await expectCountsKept('accepted');

    expect((await completeTask(user, first)).statusCode).toBe(200);
    await expectCountsKept('completed');

    expect((await deleteTask(user, second)).statusCode).toBe(200);
    await expectCountsKept('discarded');
    const restored = await call(ctx.app, 'POST', `/api/v1/task/restore?taskId=${second}`, {
      token: user.token,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    await expectCountsKept('restored');

    // A new local day: the OnGoing tasks of the day before expire in the rollover.
    ctx.clock.advanceDays(1);
    expect((await listTasks(user)).statusCode).toBe(200);
    await expectCountsKept('expired at the rollover');
    expect((await listTasks(user, '&page=1')).json().totalTaskCount).toBe(1);

    await buildTask(ctx, other.user, other.goalId, { status: 'Completed' });
    await buildTask(ctx, other.user, other.goalId, { status: 'Expired' });
    await expectCountsKept('inserted directly');
  });

  it('follow an account import and an account deletion', async () => {
    const rich = await account.seedRichUser();
    const file = await account.exportOf(rich);
    const fresh = await account.register('fresh-counts@example.test', 'Europe/Berlin');
    const imported = await account.importInto(fresh, file);
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
    await expectCountsKept('imported');
    const total = (await listTasks(fresh, '&page=1')).json().totalTaskCount;
    expect(total).toBe(file.tasks.filter((t) => t.status !== 'Expired').length);

    const deleted = await call(ctx.app, 'DELETE', '/api/v1/account', {
      token: rich.token,
      body: { email: rich.email },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectCountsKept('account deleted');
    expect((await keptCounts(ctx)).some((line) => line.startsWith(rich.id))).toBe(false);
  });

  it('stay right when one user accepts and completes in parallel', async () => {
    const { user } = await userWithGoal();
    const suggestions = await Promise.all(
      ['Sad', 'Happy', 'Neutral', 'Depressed'].map(
        async (mood) => (await generate(user, `&mood=${mood}`)).json().data,
      ),
    );
    const accepted = await Promise.all(
      suggestions.map((s) => acceptTask(user, { ...s, status: 'OnGoing' })),
    );
    const ids = accepted.filter((r) => r.statusCode === 201).map((r) => r.json().data.id);
    expect(ids.length).toBeGreaterThan(0);
    const done = await Promise.all([...ids, ...ids].map((id) => completeTask(user, id)));
    expect(done.filter((r) => r.statusCode === 200)).toHaveLength(ids.length);
    await expectCountsKept('in parallel');
    expect((await listTasks(user, '&page=1&status=Completed')).json().totalTaskCount).toBe(
      ids.length,
    );
  });
});
