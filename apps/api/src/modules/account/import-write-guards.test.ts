import { AppError, toLocalDate, type ExportFile } from '@wellspring/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildDiary, buildUser, dumpUserRows, type TestUser } from '../../../test/factories';
import { TimeSlicer } from '../../lib/time-slicer';
import { accountRequests } from './account.test-helpers';
import { IMPORT_BATCHING, importAccount } from './import-account';

const NOT_EMPTY = 'Import needs an account with no goals, tasks, diary entries or moods yet';
const GENERIC_500 = 'Something went wrong on our side. Please try again later.';

/**
 * An import writes into an empty account only, and all or nothing (decision 034): a full
 * account is refused before the file's rules are read; a row written after that first check is
 * found under the lock; a unique key violated while writing is a row written meanwhile (409),
 * any other failure a fault of ours (500); a file owning no background imports.
 */
describe('POST /account/import writes into an empty account only', () => {
  const ctx = useTestApp();
  const { exportOf, importInto, seedRichUser } = accountRequests(ctx);
  let template: ExportFile;

  beforeAll(async () => {
    template = await exportOf(await seedRichUser());
  });

  it('refuses a full account with 409 before reading the rules of a file that breaks them', async () => {
    const user = await buildUser(ctx);
    await buildDiary(ctx, user, '2020-01-01');
    const file = structuredClone(template);
    file.goals[0]!.earned += 1;
    const before = await dumpUserRows(ctx, user.id);
    expectFail(await importInto(user, file), 409, 'ACCOUNT_NOT_EMPTY', { message: NOT_EMPTY });
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
  });

  it('finds under the lock a row written after the first check, and writes nothing', async () => {
    const user = await buildUser(ctx);
    let written: Awaited<ReturnType<typeof dumpUserRows>> | undefined;
    /** Writes a diary entry (of a day the file lacks) the first time the checks pause. */
    class WritingSlicer extends TimeSlicer {
      override async pause(): Promise<void> {
        if (written) return;
        await buildDiary(ctx, user, '2020-01-01');
        written = await dumpUserRows(ctx, user.id);
      }
    }
    const now = ctx.clock.now();
    const auth = {
      userId: user.id,
      sessionId: 'none',
      timeZone: 'UTC',
      today: toLocalDate(now, 'UTC'),
    };
    const refusal = await importAccount(
      ctx.db,
      ctx.app.diaryVault,
      auth,
      structuredClone(template),
      now,
      {
        batching: IMPORT_BATCHING[ctx.app.dbHandle.kind],
        slicer: new WritingSlicer(0),
      },
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'ACCOUNT_NOT_EMPTY', message: NOT_EMPTY });
    expect(written).toBeDefined();
    expect(await dumpUserRows(ctx, user.id)).toEqual(written);
  });

  it('answers 409 to a unique key violated while writing, 500 to any other failure, and writes nothing', async () => {
    const user = await buildUser(ctx);
    const before = await dumpUserRows(ctx, user.id);
    expect(template.tasks.length).toBeGreaterThan(1);
    // A unique key the file's rows break: as a task written meanwhile would.
    await ctx.db.execute(
      sql.raw(
        `CREATE UNIQUE INDEX tasks_one_per_user_test ON tasks (user_id) WHERE user_id = '${user.id}'`,
      ),
    );
    try {
      expectFail(await importInto(user, template), 409, 'ACCOUNT_NOT_EMPTY', {
        message: NOT_EMPTY,
      });
    } finally {
      await ctx.db.execute(sql`DROP INDEX tasks_one_per_user_test`);
    }
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    // A check that refuses every mood: not a clash with a row, a fault of ours.
    await ctx.db.execute(
      sql`ALTER TABLE mood_entries ADD CONSTRAINT mood_entries_none_test CHECK (false) NOT VALID`,
    );
    try {
      expectFail(await importInto(user, template), 500, 'INTERNAL_ERROR', { message: GENERIC_500 });
    } finally {
      await ctx.db.execute(sql`ALTER TABLE mood_entries DROP CONSTRAINT mood_entries_none_test`);
    }
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    // Once the database takes the rows, the same file imports.
    expect((await importInto(user, template)).statusCode).toBe(200);
  });

  it('imports a file that owns no background, keeping the default the account has', async () => {
    const source: TestUser = await buildUser(ctx);
    const file = await exportOf(source);
    file.backgrounds = [];
    file.user.selectedBackground = null;
    file.diaries.push({
      date: '2020-01-01',
      createdAt: '2020-01-01T12:00:00.000Z',
      content: 'Then',
    });
    const user = await buildUser(ctx);
    const before = await dumpUserRows(ctx, user.id);
    const res = await importInto(user, file);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toMatchObject({ diaries: 1, backgrounds: 0 });
    expect(before.backgrounds).toHaveLength(1);
    expect((await dumpUserRows(ctx, user.id)).backgrounds).toEqual(before.backgrounds);
  });
});
