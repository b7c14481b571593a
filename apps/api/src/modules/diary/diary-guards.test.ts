import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildUser, type TestUser } from '../../../test/factories';
import { diaries } from '../../db/schema';

const GENERIC_500 = 'Something went wrong on our side. Please try again later.';

/**
 * The diary's one refusal of a write, DIARY_ALREADY_WRITTEN, comes from the unique key on (user,
 * local day) (decision 034). Only a violation of that key means "already written": an insert
 * the database refuses for any other reason is a fault of ours and answers 500, not a 409 that
 * would tell the user they wrote when nothing was saved.
 */
describe('the diary write turns only its own unique key into 409', () => {
  const ctx = useTestApp();
  const post = (user: TestUser, content: string) =>
    call(ctx.app, 'POST', '/api/v1/diary', { token: user.token, body: { content, id: user.id } });
  const rowsOf = (user: TestUser) =>
    ctx.db.select().from(diaries).where(eq(diaries.userId, user.id));

  it('an insert refused by another constraint answers 500 with the generic message and writes nothing', async () => {
    ctx.clock.set('2026-03-10T12:00:00.000Z');
    const user = await buildUser(ctx);
    // A check no row passes: this database now refuses every diary insert, but not as a duplicate.
    await ctx.db.execute(
      sql`ALTER TABLE diaries ADD CONSTRAINT diaries_refuse_all_test CHECK (false) NOT VALID`,
    );
    try {
      expectFail(await post(user, 'Dear diary'), 500, 'INTERNAL_ERROR', { message: GENERIC_500 });
      expect(await rowsOf(user)).toEqual([]);
    } finally {
      await ctx.db.execute(sql`ALTER TABLE diaries DROP CONSTRAINT diaries_refuse_all_test`);
    }
    // The same write goes through once the database takes it: the 500 was the constraint's.
    expect((await post(user, 'Dear diary')).statusCode).toBe(201);
  });

  it('a violation of another unique key answers 500, not DIARY_ALREADY_WRITTEN', async () => {
    ctx.clock.set('2026-03-10T12:00:00.000Z');
    const user = await buildUser(ctx);
    expect((await post(user, 'Monday')).statusCode).toBe(201);
    ctx.clock.set('2026-03-11T12:00:00.000Z');
    // A unique key that is not the one of (user, local day): one entry per user, whatever the day.
    await ctx.db.execute(
      sql`CREATE UNIQUE INDEX diaries_one_per_user_test ON diaries USING btree (user_id)`,
    );
    try {
      expectFail(await post(user, 'Tuesday'), 500, 'INTERNAL_ERROR', { message: GENERIC_500 });
    } finally {
      await ctx.db.execute(sql`DROP INDEX diaries_one_per_user_test`);
    }
    expect((await rowsOf(user)).map((row) => row.localDate)).toEqual(['2026-03-10']);
    // The day's own key still answers 409 with its message.
    ctx.clock.set('2026-03-10T18:00:00.000Z');
    expectFail(await post(user, 'Monday again'), 409, 'DIARY_ALREADY_WRITTEN', {
      message: 'You have already written your diary today',
    });
  });
});
