/**
 * The plan of every statement the signed-in reads run for the five-year person (decision 086),
 * among BENCH_EXPLAIN_OTHERS other people with 90 days of history each, so that the planner
 * chooses as it would on a shared server rather than over a table of two people:
 * the reads of bench/lib/signed-in-reads.ts, the session lookup every one of them starts with, and
 * the reads that grow with a history (SPEC.md's whole diary, the export, Statistics' history over
 * the most days it answers). Each read runs once through a Drizzle instance over the same pool
 * with a logger, which hands over each statement and its parameters; each distinct statement is
 * then run again under EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL, in a transaction rolled back.
 * Printed: each statement's key lines (the top node, every scan, sort and its buffers, the
 * execution time), then a table a read. BENCH_EXPLAIN_FULL=1 prints the whole plans.
 *
 * Run: npm run bench:explain
 */
import { addDays, TaskListQuerySchema, TASK_PAGE_SIZE } from '@wellspring/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createHash } from 'node:crypto';
import type { Database } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { openAccountExport } from '../apps/api/src/modules/account/export-account';
import { findLiveSessionByHash } from '../apps/api/src/modules/auth/auth-sessions.repository';
import { openDiaryList } from '../apps/api/src/modules/diary/diary.service';
import { getDailyPoints } from '../apps/api/src/modules/history/history.service';
import { getCalendar } from '../apps/api/src/modules/insights/insights.service';
import { listTasks } from '../apps/api/src/modules/task/task.service';
import { createPostgresStorage } from '../scripts/lib/databases.mjs';
import { openStorage } from '../scripts/lib/open-storage';
import { runMain } from '../scripts/lib/processes.mjs';
import { seedUsers, utcToday, vacuumAnalyze } from '../scripts/lib/seed';
import { seedDailyHistory } from './lib/daily-history';
import { seedFiveYearPerson } from './lib/five-year-person';
import { fmtMs, printTable } from './lib/load';
import { authOf, listSignedInReads, type Read } from './lib/signed-in-reads';

const IS_FULL = process.env.BENCH_EXPLAIN_FULL === '1';
const OTHERS = Number(process.env.BENCH_EXPLAIN_OTHERS ?? 1_000);
const OTHERS_DAYS = 90;
/** The lines of a plan that say how it reads: its top node, scans, sorts, buffers, the time. */
const KEY_LINE = /^\S|Scan|Sort|Buffers|Execution Time|Limit|Aggregate|Join|Loop/;

interface Statement {
  sql: string;
  params: unknown[];
  count: number;
}

async function drain(pieces: AsyncIterable<string>): Promise<void> {
  for await (const piece of pieces) void piece;
}

async function main() {
  const storage = await createPostgresStorage('explain');
  const open = await openStorage(storage);
  try {
    const now = new Date();
    const today = utcToday(now);
    const others = await seedUsers(open.query, { users: OTHERS, tasksPerUser: 0, diaryDays: 30 });
    await seedDailyHistory(
      open.query,
      others.map((u) => u.id),
      today,
      OTHERS_DAYS,
      1,
    );
    // The five-year person's seeding seals every diary and analyses the history's tables.
    const { veteran, vault } = await seedFiveYearPerson(open, 'postgres', now);
    await vacuumAnalyze(open.query);
    const pool = open.handle.pool!;
    let logged: Statement[] = [];
    const db = drizzle(pool, {
      schema,
      logger: {
        logQuery(sql, params) {
          const seen = logged.find((s) => s.sql === sql);
          if (seen) seen.count += 1;
          else logged.push({ sql, params, count: 1 });
        },
      },
    }) as unknown as Database;

    const year = Number(today.slice(0, 4));
    const [listed] = await open.query(
      `SELECT count(*)::int AS n FROM tasks
       WHERE user_id = $1::uuid AND status IN ('OnGoing', 'Completed')`,
      [veteran.id],
    );
    const lastPage = String(Math.ceil(Number(listed!.n) / TASK_PAGE_SIZE));
    const tokenHash = createHash('sha256').update(veteran.token).digest('hex');
    const reads: Read[] = [
      {
        label: 'the session lookup (every signed-in request)',
        read: () => findLiveSessionByHash(db, tokenHash, now),
      },
      ...listSignedInReads(db, vault, now),
      {
        label: `GET /insights/calendar (${year - 4}, four years back)`,
        read: (auth) => getCalendar(db, auth, year - 4),
      },
      {
        label: `GET /task?page=${lastPage} (the list's last page: an offset)`,
        read: (auth) =>
          listTasks(db, auth, TaskListQuerySchema.parse({ id: auth.userId, page: lastPage })),
      },
      {
        label: 'GET /history?startDate&endDate (366 days, the most it answers)',
        read: (auth) =>
          getDailyPoints(db, auth, Date.parse(`${addDays(today, -365)}T00:00:00Z`), now.getTime()),
      },
      {
        label: "GET /diary without a page (SPEC.md's whole list, streamed)",
        read: async (auth) => drain(await openDiaryList(db, vault, auth)),
      },
      {
        label: 'GET /account/export (the whole account, streamed)',
        read: async (auth) => drain(await openAccountExport(db, vault, auth, now)),
      },
    ];

    const rows: string[][] = [];
    for (const { label, read } of reads) {
      logged = [];
      await read(authOf(veteran.id, today));
      const statements = logged;
      console.info(`\n## ${label}: ${statements.length} distinct statements`);
      let totalMs = 0;
      let buffers = 0;
      const seqScans = new Set<string>();
      for (const statement of statements) {
        const client = await pool.connect();
        let plan: string[];
        try {
          await client.query('BEGIN');
          const result = await client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
            statement.params,
          );
          plan = result.rows.map((r) => r['QUERY PLAN']);
        } finally {
          await client.query('ROLLBACK');
          client.release();
        }
        const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
        totalMs += ms;
        const top = plan.find((line) => /^\s*Buffers:/.test(line));
        buffers += [...(top ?? '').matchAll(/(?:hit|read)=(\d+)/g)].reduce(
          (sum, m) => sum + Number(m[1]),
          0,
        );
        for (const m of plan.join('\n').matchAll(/Seq Scan on (\w+)/g)) seqScans.add(m[1]!);
        const times = statement.count > 1 ? ` (run ${statement.count} times)` : '';
        console.info(`\n-- ${statement.sql.replace(/\s+/g, ' ').slice(0, 300)}${times}`);
        for (const line of IS_FULL ? plan : plan.filter((l) => KEY_LINE.test(l.trim()))) {
          console.info(`   ${line}`);
        }
      }
      rows.push([
        label,
        String(statements.length),
        fmtMs(totalMs),
        String(buffers),
        seqScans.size > 0 ? [...seqScans].join(', ') : '-',
      ]);
    }
    console.info(
      `\nThe five-year person on PostgreSQL, among ${OTHERS} others with ${OTHERS_DAYS} days ` +
        'each: each read once, each distinct statement explained (its first parameters), summed',
    );
    printTable(['read', 'statements', 'execution', 'buffers (top nodes)', 'seq scans'], rows);
  } finally {
    await open.close();
    await storage.remove();
  }
}

runMain(main);
