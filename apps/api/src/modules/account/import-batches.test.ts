import { addDays, toLocalDate, type ExportFile } from '@wellspring/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { buildUser, dumpUserRows } from '../../../test/factories';
import { TimeSlicer } from '../../lib/time-slicer';
import { accountRequests } from './account.test-helpers';
import { MAX_BATCH_ROWS, importAccount, type ImportOptions } from './import-account';

const EXTRA_DIARIES = 2 * MAX_BATCH_ROWS + 3;

/**
 * An import writes each kind of row a statement at a time (decision 034): `rows` a statement,
 * or, given a target time, as many as the statement before says fit in it, never more than 500
 * and never fewer than one. The slicer is asked once after each statement: counting those asks
 * counts the statements. Every row is written whatever the sizes.
 */
describe('importAccount writes in batches', () => {
  const ctx = useTestApp();
  const { exportOf, seedRichUser } = accountRequests(ctx);
  let file: ExportFile;

  beforeAll(async () => {
    file = await exportOf(await seedRichUser());
    // Diary entries of days the file lacks, each written at noon of its day (Europe/Berlin).
    const today = toLocalDate(ctx.clock.now(), file.user.timeZone);
    const taken = new Set(file.diaries.map((d) => d.date));
    for (let back = 400; file.diaries.length < EXTRA_DIARIES + taken.size; back += 1) {
      const date = addDays(today, -back);
      if (taken.has(date)) continue;
      file.diaries.push({ date, createdAt: `${date}T11:00:00.000Z`, content: `Day ${back}` });
    }
  });

  /** Imports the file into a fresh account; answers the statements written and the rows. */
  async function imported(batching: ImportOptions['batching']) {
    let statements = 0;
    class CountingSlicer extends TimeSlicer {
      override async pauseIfDue(): Promise<void> {
        statements += 1;
      }
    }
    const user = await buildUser(ctx);
    const now = ctx.clock.now();
    const auth = {
      userId: user.id,
      sessionId: 'none',
      timeZone: 'UTC',
      today: toLocalDate(now, 'UTC'),
    };
    await importAccount(ctx.db, ctx.app.diaryVault, auth, structuredClone(file), now, {
      batching,
      slicer: new CountingSlicer(),
    });
    const rows = await dumpUserRows(ctx, user.id);
    expect(rows.goals).toHaveLength(file.goals.length);
    expect(rows.tasks).toHaveLength(file.tasks.length);
    expect(rows.diaries).toHaveLength(file.diaries.length);
    expect(rows.checkIns).toHaveLength(file.checkIns.length);
    expect(rows.moods).toHaveLength(days());
    expect(rows.measureResults).toHaveLength(file.measureResults.length);
    return statements;
  }

  const days = () => new Set(file.checkIns.map((c) => c.date)).size;
  // A statement of each batch of each kind; the days' moods after the check-ins that make them.
  const kinds = () => [
    ...[
      file.goals,
      file.tasks,
      file.diaries,
      file.activities,
      file.checkIns,
      file.measureResults,
    ].map((r) => r.length),
    days(),
  ];
  const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

  it('writes `rows` rows a statement without a target time', async () => {
    expect(await imported({ rows: 2 })).toBe(sum(kinds().map((n) => Math.ceil(n / 2))));
  });

  it('after a first row, fits the most rows a statement can take, 500, in a target of 1,000 s', async () => {
    // A statement takes far less than 2 s: 1,000 s fit more than 500 of its rows.
    const statements = kinds().map((n) => (n === 0 ? 0 : 1 + Math.ceil((n - 1) / MAX_BATCH_ROWS)));
    expect(file.diaries.length).toBeGreaterThan(2 * MAX_BATCH_ROWS + 1);
    expect(await imported({ rows: 1, targetMs: 1_000_000 })).toBe(sum(statements));
  });

  it('writes one row a statement when no row fits in the target time', async () => {
    expect(await imported({ rows: 3, targetMs: 1e-9 })).toBe(
      sum(kinds().map((n) => (n === 0 ? 0 : 1 + Math.max(0, n - 3)))),
    );
  });
});
