import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { goals, tasks } from '../src/db/schema';
import { creditTaskAndCompleteGoal } from '../src/modules/goal/goal.repository';
import {
  type TaskRow,
  completeOngoingTask,
  countOngoing,
  insertTask,
} from '../src/modules/task/task.repository';
import { lockUser } from '../src/modules/user/user.repository';
import { useTestApp } from './app';
import { TEST_DB } from './database';
import { buildGoal, buildUser, pickTemplate } from './factories';

/**
 * On PostgreSQL: each statement sent, with the connection it went on. Patched as this module loads,
 * before the app opens its pool: each pooled connection keeps the method it had when it connected.
 */
const sent: { text: string; client: unknown }[] = [];
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function recordedQuery(this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text: string };
  sent.push({ text: typeof first === 'string' ? first : first.text, client: this });
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pgQuery;

/** Rolls the transaction back once `work` is done, keeping what `work` answered. */
class RolledBack extends Error {
  constructor(readonly answer: unknown) {
    super('rolled back on purpose');
  }
}

/**
 * The user's lock and the goal's credit are built once per database and run on each transaction's
 * own connection (preparedPerTransaction, decision 054), beside the task's plain statements: a
 * statement left on the connection it was built on would write outside the transaction
 * (PostgreSQL: on another pooled connection, committed whatever the transaction does) or fail
 * (PGlite: the first transaction's handle is closed).
 */
describe('statements prepared once for every transaction', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set('2026-03-10T12:00:00.000Z'));

  let happyTemplate: ReturnType<typeof pickTemplate>;
  beforeEach(() => {
    happyTemplate ??= pickTemplate(ctx, 'Happy');
  });
  /** Each transaction's connection, as Drizzle's session holds it. */
  const connections: unknown[] = [];

  /** One accept and complete in a transaction that is then rolled back: what it read inside. */
  async function acceptAndCompleteThenRollBack(userId: string, goalId: string) {
    const template = await happyTemplate;
    const now = ctx.clock.now();
    try {
      await ctx.db.transaction(async (tx) => {
        connections.push((tx as unknown as { session: { client: unknown } }).session.client);
        await lockUser(tx, userId);
        const before = await countOngoing(tx, userId);
        const task = await insertTask(tx, {
          userId,
          goalId,
          templateId: template.id,
          title: template.title,
          description: template.description,
          mood: template.mood,
          points: template.points,
          createdAt: now,
          acceptedOn: '2026-03-10',
        });
        const after = await countOngoing(tx, userId);
        const completed = await completeOngoingTask(tx, userId, task.id, now, '2026-03-10');
        const goal = await creditTaskAndCompleteGoal(tx, userId, goalId, template.points, now);
        throw new RolledBack({ before, after, task, completed, goal });
      });
    } catch (error) {
      if (error instanceof RolledBack)
        return error.answer as Record<string, unknown> & { task: TaskRow };
      throw error;
    }
    throw new Error('the transaction was not rolled back');
  }

  it('see their own transaction’s writes, and leave nothing once it rolls back, time after time', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user, { target: 100_000 });
    const template = await pickTemplate(ctx, 'Happy');
    for (let round = 0; round < 3; round += 1) {
      const seen = await acceptAndCompleteThenRollBack(user.id, goal.id);
      expect(seen.before).toBe(0);
      expect(seen.after).toBe(1);
      expect(seen.task).toMatchObject({
        userId: user.id,
        status: 'OnGoing',
        acceptedOn: '2026-03-10',
      });
      expect(seen.task.createdAt).toEqual(ctx.clock.now());
      expect(seen.completed).toMatchObject({ status: 'Completed', completedOn: '2026-03-10' });
      expect(seen.goal).toMatchObject({ earned: template.points, taskCompleted: 1 });
      // Rolled back: no task, no points.
      expect(await ctx.db.select().from(tasks).where(eq(tasks.userId, user.id))).toEqual([]);
      const [kept] = await ctx.db.select().from(goals).where(eq(goals.id, goal.id));
      expect(kept).toMatchObject({ earned: 0, taskCompleted: 0 });
    }
  });

  it('run in parallel transactions each on its own connection', async () => {
    const users = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
    const goalsOf = await Promise.all(users.map((u) => buildGoal(ctx, u, { target: 100_000 })));
    const seen = await Promise.all(
      users.map((u, i) => acceptAndCompleteThenRollBack(u.id, goalsOf[i]!.id)),
    );
    for (const [i, s] of seen.entries()) {
      expect(s.task).toMatchObject({ userId: users[i]!.id });
      expect(s.after).toBe(1);
    }
    const left = await ctx.db.select().from(tasks);
    expect(left.filter((t) => users.some((u) => u.id === t.userId))).toEqual([]);
  });

  // PostgreSQL only: PGlite has one connection, and there the tests above fail with "Transaction is
  // closed" when a statement keeps the connection it was built on.
  it.runIf(TEST_DB === 'postgres')(
    'PostgreSQL: each statement goes on its own transaction’s pooled connection',
    async () => {
      const users = await Promise.all([buildUser(ctx), buildUser(ctx)]);
      const goalsOf = await Promise.all(users.map((u) => buildGoal(ctx, u, { target: 100_000 })));
      await happyTemplate;
      connections.length = 0;
      sent.length = 0;
      await Promise.all(users.map((u, i) => acceptAndCompleteThenRollBack(u.id, goalsOf[i]!.id)));
      expect(new Set(connections).size).toBe(2);
      const byConnection = (client: unknown) =>
        sent.filter((s) => s.client === client && !/^(begin|commit|rollback)/i.test(s.text));
      // Lock, count, insert, count, complete, credit: six statements on each, none elsewhere.
      for (const client of connections) expect(byConnection(client)).toHaveLength(6);
      expect(sent.filter((s) => !connections.includes(s.client))).toEqual([]);
    },
  );

  // PGlite only: there the prepared statements run by names of their own (decision 055);
  // PostgreSQL's driver names them itself, which the test above covers by what each connection was
  // sent.
  it.runIf(TEST_DB !== 'postgres')(
    'PGlite: each prepared statement is parsed once and run by its name in every transaction',
    async () => {
      const user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user, { target: 100_000 });
      for (let round = 0; round < 3; round += 1) {
        await acceptAndCompleteThenRollBack(user.id, goal.id);
      }
      const { rows } = await ctx.app.dbHandle.pglite!.query<{ statement: string; runs: number }>(
        `select statement, generic_plans + custom_plans as runs from pg_prepared_statements
         where name like 'wellspring_%'`,
      );
      const runsOf = (pattern: RegExp) => rows.find((row) => pattern.test(row.statement))?.runs;
      // The lock and the credit; each at least once a round.
      for (const pattern of [/^select .* for update$/is, /^update "goals"/i]) {
        expect(runsOf(pattern), String(pattern)).toBeGreaterThanOrEqual(3);
      }
    },
  );
});
