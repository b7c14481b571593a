import { addDays } from '@wellspring/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../src/db/client';
import { diaries, diaryStreaks, users } from '../src/db/schema';
import { accountRequests } from '../src/modules/account/account.test-helpers';
import { call, useTestApp, type TestContext } from './app';
import { TEST_DB } from './database';
import { buildDiary, buildUser, type TestUser } from './factories';

const TODAY = '2026-03-10';

type Rows = { rows: Record<string, unknown>[] };

/** Every kept run, as `user last_day length`. */
async function keptRuns(ctx: TestContext): Promise<string[]> {
  const result = (await ctx.db.execute(
    sql`select user_id, last_day::text as last_day, length from diary_streaks
        where last_day is not null order by user_id`,
  )) as unknown as Rows;
  return result.rows.map((r) => `${String(r.user_id)} ${String(r.last_day)} ${Number(r.length)}`);
}

/** The same runs, counted from the entries. */
async function countedRuns(ctx: TestContext): Promise<string[]> {
  const result = (await ctx.db.execute(
    sql`select u.user_id, r.last_day::text as last_day, r.length
        from (select distinct user_id from diaries) u, lateral diary_streak_run(u.user_id) r
        order by u.user_id`,
  )) as unknown as Rows;
  return result.rows.map((r) => `${String(r.user_id)} ${String(r.last_day)} ${Number(r.length)}`);
}

/**
 * Decision 056: diary_streaks is kept by the diaries table's triggers in the writer's
 * transaction, on every path that writes entries; after each step here it equals the runs counted
 * from the entries, and GET /user reads the streak from it.
 */
describe('the kept diary runs', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set(`${TODAY}T12:00:00.000Z`));
  const account = accountRequests(ctx);

  /** The runs of `owners` kept, as counted (other tests' rows stay on PostgreSQL). */
  async function expectRunsKept(step: string, owners: TestUser[]) {
    const ofOwners = (runs: string[]) =>
      runs.filter((run) => owners.some((owner) => run.startsWith(`${owner.id} `)));
    const counted = ofOwners(await countedRuns(ctx));
    expect(counted.length, step).toBeGreaterThan(0);
    expect(ofOwners(await keptRuns(ctx)), step).toEqual(counted);
  }

  const streakOf = async (user: TestUser) => {
    const res = await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.diaryStreak as number;
  };

  it('follow the API, direct inserts, edits, a moved day, deletes, an import and an erased user', async () => {
    const user = await buildUser(ctx);
    const other = await buildUser(ctx);
    const posted = await call(ctx.app, 'POST', '/api/v1/diary', {
      token: user.token,
      body: { content: 'Written today.', id: user.id },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await expectRunsKept('written through the API', [user, other]);

    // One statement with many rows, out of order, for two users at once.
    await ctx.db.insert(diaries).values(
      [
        [user, -1],
        [user, -3],
        [user, -2],
        [other, -4],
        [other, -5],
      ].map(([owner, offset]) => {
        const { id } = owner as TestUser;
        const localDate = addDays(TODAY, offset as number);
        return {
          userId: id,
          localDate,
          ...ctx.app.diaryVault.seal(id, localDate, 'x'),
          createdAt: new Date(`${localDate}T12:00:00.000Z`),
        };
      }),
    );
    await expectRunsKept('inserted in one statement', [user, other]);
    expect(await streakOf(user)).toBe(4);
    expect(await streakOf(other)).toBe(0);

    // New words change no run; a day moved does.
    await ctx.db
      .update(diaries)
      .set(ctx.app.diaryVault.seal(user.id, TODAY, 'Other words.'))
      .where(and(eq(diaries.userId, user.id), eq(diaries.localDate, TODAY)));
    await expectRunsKept('words edited', [user, other]);
    await ctx.db
      .update(diaries)
      // The words are sealed with their day, so a moved entry is sealed again.
      .set({
        localDate: addDays(TODAY, -10),
        ...ctx.app.diaryVault.seal(user.id, addDays(TODAY, -10), 'x'),
        createdAt: new Date(`${addDays(TODAY, -10)}T12:00:00.000Z`),
      })
      .where(and(eq(diaries.userId, user.id), eq(diaries.localDate, addDays(TODAY, -2))));
    await expectRunsKept('a day moved', [user, other]);
    expect(await streakOf(user)).toBe(2);

    await ctx.db
      .delete(diaries)
      .where(and(eq(diaries.userId, user.id), eq(diaries.localDate, TODAY)));
    await expectRunsKept('the latest entry deleted', [user, other]);
    expect(await streakOf(user)).toBe(1);

    const fresh = await buildUser(ctx);
    const imported = await account.importInto(fresh, await account.exportOf(user));
    expect(imported.statusCode, imported.body).toBe(200);
    await expectRunsKept('imported', [user, other, fresh]);
    expect(await streakOf(fresh)).toBe(1);

    // Erasing a user deletes their entries and their run in one statement, without an error.
    await ctx.db.delete(users).where(eq(users.id, user.id));
    await expectRunsKept('a user erased', [user, other, fresh]);
    expect(
      await ctx.db.select().from(diaryStreaks).where(eq(diaryStreaks.userId, user.id)),
    ).toEqual([]);
  });

  it('answer GET /user’s streak from the kept row while its day is today or yesterday', async () => {
    const user = await buildUser(ctx);
    for (const offset of [0, -1, -2]) await buildDiary(ctx, user, addDays(TODAY, offset));
    expect(await streakOf(user)).toBe(3);
    // A kept length no entry backs shows that the read is the row's, not a count of entries.
    await ctx.db.update(diaryStreaks).set({ length: 42 }).where(eq(diaryStreaks.userId, user.id));
    expect(await streakOf(user)).toBe(42);
    ctx.clock.set(`${addDays(TODAY, 1)}T12:00:00.000Z`);
    expect(await streakOf(user)).toBe(42);
    ctx.clock.set(`${addDays(TODAY, 2)}T12:00:00.000Z`);
    expect(await streakOf(user)).toBe(0);
  });

  it('count the entries up to today when the latest is dated after it (a move west)', async () => {
    const user = await buildUser(ctx);
    for (const offset of [1, 0, -1]) await buildDiary(ctx, user, addDays(TODAY, offset));
    await ctx.db.update(diaryStreaks).set({ length: 42 }).where(eq(diaryStreaks.userId, user.id));
    expect(await streakOf(user)).toBe(2);
  });

  /**
   * Two transactions writing one user's entries at once: the first holds its transaction open
   * after its write; the second writes then, waits on the first's run, and must see the first's
   * change once it commits.
   */
  async function twoWriters(
    first: (tx: Transaction) => Promise<unknown>,
    second: (tx: Transaction) => Promise<unknown>,
  ) {
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
    let releaseFirst!: () => void;
    const released = new Promise<void>((resolve) => (releaseFirst = resolve));
    const one = ctx.db.transaction(async (tx) => {
      await first(tx);
      firstWrote();
      await released;
    });
    await wrote;
    const two = ctx.db.transaction(second);
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseFirst();
    await Promise.all([one, two]);
  }

  const entry = (user: TestUser, offset: number) => {
    const localDate = addDays(TODAY, offset);
    return {
      userId: user.id,
      localDate,
      ...ctx.app.diaryVault.seal(user.id, localDate, 'x'),
      createdAt: ctx.clock.now(),
    };
  };

  it.runIf(TEST_DB === 'postgres')('lose no entry written by two writers at once', async () => {
    const user = await buildUser(ctx);
    await buildDiary(ctx, user, addDays(TODAY, -2));
    await twoWriters(
      (tx) => tx.insert(diaries).values(entry(user, -1)),
      (tx) => tx.insert(diaries).values(entry(user, 0)),
    );
    await expectRunsKept('two writers', [user]);
    expect(await streakOf(user)).toBe(3);
  });

  it.runIf(TEST_DB === 'postgres')('lose no entry deleted by two writers at once', async () => {
    const user = await buildUser(ctx);
    for (const offset of [0, -1, -2, -3, -4]) await buildDiary(ctx, user, addDays(TODAY, offset));
    const deleteDay = (offset: number) => (tx: Transaction) =>
      tx
        .delete(diaries)
        .where(and(eq(diaries.userId, user.id), eq(diaries.localDate, addDays(TODAY, offset))));
    await twoWriters(deleteDay(-1), deleteDay(-3));
    await expectRunsKept('two deletes', [user]);
    expect(await streakOf(user)).toBe(1);
  });
});
