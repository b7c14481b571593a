import type { ExportFile } from '@wellspring/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { buildUser, type TestUser } from '../../../test/factories';
import { tasks } from '../../db/schema';
import { accountRequests } from './account.test-helpers';

/**
 * An import writes each task with the status of the file, except a task still OnGoing from a day
 * before today, which comes back Expired as the day rollover would have made it (decision 034). The
 * rows are read straight from the database: a request would run the rollover itself.
 */
describe('POST /account/import writes the tasks’ statuses', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  const { exportOf, importInto, seedRichUser } = accountRequests(ctx);

  const statusesOf = async (user: TestUser) =>
    (
      await ctx.db
        .select({ status: tasks.status })
        .from(tasks)
        .where(eq(tasks.userId, user.id))
        .orderBy(asc(tasks.createdAt))
    ).map((row) => row.status);
  const fileStatuses = (file: ExportFile) =>
    [...file.tasks]
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
      .map((t) => t.status);

  it('keeps every status the same day, today’s OnGoing task included', async () => {
    const file = await exportOf(await seedRichUser());
    expect(fileStatuses(file)).toContain('OnGoing');
    expect(fileStatuses(file)).toContain('Completed');
    const user = await buildUser(ctx);
    expect((await importInto(user, file)).statusCode).toBe(200);
    expect(await statusesOf(user)).toEqual(fileStatuses(file));
  });

  it('two days later, brings the OnGoing task back Expired and keeps the others', async () => {
    const file = await exportOf(await seedRichUser());
    ctx.clock.advanceDays(2);
    const user = await buildUser(ctx);
    expect((await importInto(user, file)).statusCode).toBe(200);
    expect(await statusesOf(user)).toEqual(
      fileStatuses(file).map((status) => (status === 'OnGoing' ? 'Expired' : status)),
    );
  });
});
