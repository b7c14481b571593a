/**
 * The insights at five years of data (decision 035): a user with a mood, a diary entry and three
 * completed catalogue tasks on every day of the last five years, among BENCH_INSIGHTS_USERS users
 * with the same history (so the tables are not the user's alone). Measured in this process through
 * the API's own service functions (the statements, their round trips and the computing, without
 * HTTP): GET /insights/calendar of the current year and GET /insights/findings, p50 and p95 over
 * BENCH_INSIGHTS_RUNS calls each, against a one-query reference measured in the same run (reading
 * the user's five years of moods by their key: one indexed round trip of the same size). Target:
 * calendar and findings each under 50 ms p50 on PostgreSQL.
 *
 * PostgreSQL (a fresh database on BENCH_POSTGRES_URL's server, dropped at the end), then PGlite.
 *
 * Run: npm run bench:insights   (BENCH_DATABASES=postgres or pglite for one of them)
 */
import { performance } from 'node:perf_hooks';
import { getCalendar, getFindings } from '../apps/api/src/modules/insights/insights.service';
import type { AuthContext } from '../apps/api/src/plugins/app/context';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { openStorage, type Query } from '../scripts/lib/open-storage';
import { runMain } from '../scripts/lib/processes.mjs';
import { seedUsers, utcToday } from '../scripts/lib/seed';
import { seedDailyHistory } from './lib/daily-history';
import { fmtMs, percentile, printTable } from './lib/load';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
const USERS = Number(process.env.BENCH_INSIGHTS_USERS ?? 20);
const RUNS = Number(process.env.BENCH_INSIGHTS_RUNS ?? 50);
const YEARS = 5;
const DAYS = YEARS * 365 + 1;
const TASKS_A_DAY = 3;
const TARGET_P50_MS = 50;

/** Five years of moods and completed tasks for every user (the diaries come from seedUsers). */
async function seedFiveYears(query: Query, ids: string[], today: string): Promise<void> {
  await seedDailyHistory(query, ids, today, DAYS, TASKS_A_DAY);
  for (const table of ['mood_entries', 'tasks', 'diaries', 'task_templates']) {
    await query(`VACUUM ANALYZE ${table}`);
  }
}

async function time(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

async function benchOne(kind: Kind): Promise<string[][]> {
  const storage: Storage =
    kind === 'postgres'
      ? await createPostgresStorage('insights')
      : await createPgliteStorage('insights');
  const open = await openStorage(storage);
  try {
    const today = utcToday();
    const seedStart = performance.now();
    const users = await seedUsers(open.query, { users: USERS, tasksPerUser: 0, diaryDays: DAYS });
    await seedFiveYears(
      open.query,
      users.map((u) => u.id),
      today,
    );
    const [counts] = await open.query(
      `SELECT (SELECT count(*) FROM mood_entries WHERE user_id = $1)::int AS moods,
              (SELECT count(*) FROM diaries WHERE user_id = $1)::int AS diaries,
              (SELECT count(*) FROM tasks WHERE user_id = $1)::int AS tasks,
              (SELECT count(*) FROM tasks)::int AS all_tasks`,
      [users[0]!.id],
    );
    console.info(
      `${kind}: ${USERS} users, each ${counts!.moods} moods, ${counts!.diaries} diary entries, ` +
        `${counts!.tasks} completed tasks (${counts!.all_tasks} tasks in all), seeded in ` +
        `${fmtMs(performance.now() - seedStart)}`,
    );
    const auth: AuthContext = {
      userId: users[0]!.id,
      sessionId: 'bench',
      timeZone: 'UTC',
      today,
    };
    const db = open.handle.db;
    const year = Number(today.slice(0, 4));
    const calendar = await getCalendar(db, auth, year);
    const findings = await getFindings(db, auth);
    console.info(
      `  calendar ${year}: ${calendar.days.length} days; findings: ${findings.findings.length}, ` +
        `support ${findings.support}`,
    );
    const reference = await time(RUNS, () =>
      open.query(
        'SELECT local_date, mood FROM mood_entries WHERE user_id = $1 ORDER BY local_date',
        [auth.userId],
      ),
    );
    const calendarMs = await time(RUNS, () => getCalendar(db, auth, year));
    const findingsMs = await time(RUNS, () => getFindings(db, auth));
    const row = (label: string, values: number[], target: boolean) => [
      kind,
      label,
      fmtMs(percentile(values, 50)),
      fmtMs(percentile(values, 95)),
      target && kind === 'postgres'
        ? percentile(values, 50) < TARGET_P50_MS
          ? `under ${TARGET_P50_MS} ms`
          : `OVER ${TARGET_P50_MS} ms`
        : '',
    ];
    return [
      row('one-query reference (5 years of moods)', reference, false),
      row(`calendar (${year})`, calendarMs, true),
      row('findings (5 years)', findingsMs, true),
    ];
  } finally {
    await open.close();
    await storage.remove();
  }
}

async function main() {
  const rows: string[][] = [];
  for (const kind of KINDS) rows.push(...(await benchOne(kind)));
  console.info(`\nInsights at ${YEARS} years of data (${RUNS} calls each, in process, no HTTP)`);
  printTable(['database', 'read', 'p50', 'p95', 'target'], rows);
}

runMain(main);
