/**
 * Years of history (decision 073, issue 35): one person with five years of history (three
 * check-ins a day, 60 activities, two named a check-in, 1,500 diary entries sealed as the server
 * seals them, 3,000 completed tasks) beside a new person of this week, in the same database
 * (bench/lib/five-year-person.ts). Each read a signed-in page makes (the dashboard's, My Diary's,
 * the task list's, Statistics', Insights' and the day view's) runs through the API's own service functions (statements, round trips and
 * computing, no HTTP), BENCH_HISTORY_RUNS times for each person: p50 and p99, and the five-year
 * person's p99 over the new person's. Target: each within 2x, and p99 under 50 ms on PostgreSQL.
 *
 * PostgreSQL (a fresh database on BENCH_POSTGRES_URL's server, dropped at the end), then PGlite.
 *
 * Run: npm run bench:history   (BENCH_DATABASES=postgres or pglite for one of them)
 */
import { addDays, getWeekRange, TaskListQuerySchema, TASK_PAGE_SIZE } from '@wellspring/shared';
import { performance } from 'node:perf_hooks';
import { listActivities } from '../apps/api/src/modules/activities/activities.service';
import { getDayCheckIns } from '../apps/api/src/modules/check-ins/check-ins.service';
import { getDiaries } from '../apps/api/src/modules/diary/diary.service';
import { getAllGoals, getCurrentGoal } from '../apps/api/src/modules/goal/goal.service';
import { getDailyPoints, getHistorySummary } from '../apps/api/src/modules/history/history.service';
import {
  getCalendar,
  getDay,
  getFeelings,
  getFindings,
  getOnThisDay,
  getSupport,
  getTrends,
} from '../apps/api/src/modules/insights/insights.service';
import { listTasks } from '../apps/api/src/modules/task/task.service';
import { getUserView } from '../apps/api/src/modules/user/user.service';
import type { AuthContext } from '../apps/api/src/plugins/app/context';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { openStorage } from '../scripts/lib/open-storage';
import { runMain } from '../scripts/lib/processes.mjs';
import { utcToday } from '../scripts/lib/seed';
import { seedFiveYearPerson } from './lib/five-year-person';
import { fmtMs, percentile, printTable } from './lib/load';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 100);
const TARGET_RATIO = 2;
const TARGET_P99_MS = 50;
const SETTINGS = { emailVerification: false, publicUrl: 'http://localhost:3000' };

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) await fn();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

async function benchOne(kind: Kind): Promise<string[][]> {
  const storage: Storage =
    kind === 'postgres'
      ? await createPostgresStorage('history')
      : await createPgliteStorage('history');
  const open = await openStorage(storage);
  try {
    const now = new Date();
    const today = utcToday(now);
    const { veteran, newcomer, vault } = await seedFiveYearPerson(open, kind, now);

    const db = open.handle.db;
    const year = Number(today.slice(0, 4));
    const lastMonth = addDays(today, -30);
    const week = getWeekRange(today);
    const weekStart = Date.parse(`${week.start}T00:00:00Z`);
    const weekEnd = Date.parse(`${week.end}T23:59:59.999Z`);
    const tasksOf = (auth: AuthContext, query: Record<string, string>) =>
      listTasks(db, auth, TaskListQuerySchema.parse({ id: auth.userId, ...query }));
    const page = { page: '1', size: String(TASK_PAGE_SIZE) };
    const reads: [string, (auth: AuthContext) => Promise<unknown>][] = [
      ['GET /user (dashboard)', (auth) => getUserView(db, auth, SETTINGS)],
      ["GET /check-ins, today's", (auth) => getDayCheckIns(db, vault, auth, today)],
      ['GET /activities (the picker)', (auth) => listActivities(db, auth, now)],
      [`GET /insights/calendar (${year})`, (auth) => getCalendar(db, auth, year)],
      ['GET /insights/day (a month ago)', (auth) => getDay(db, vault, auth, lastMonth)],
      ['GET /insights/findings', (auth) => getFindings(db, auth)],
      ['GET /insights/feelings (this month)', (auth) => getFeelings(db, auth)],
      ['GET /insights/on-this-day (dashboard)', (auth) => getOnThisDay(db, vault, auth)],
      ['GET /insights/support (dashboard)', (auth) => getSupport(db, auth)],
      ['GET /insights/trends?days=30', (auth) => getTrends(db, auth, 30)],
      ['GET /insights/trends?days=90', (auth) => getTrends(db, auth, 90)],
      ['GET /insights/trends?days=365', (auth) => getTrends(db, auth, 365)],
      ['GET /goal (dashboard, Statistics)', (auth) => getCurrentGoal(db, auth)],
      ['GET /goal/all (Statistics)', (auth) => getAllGoals(db, auth)],
      ['GET /history (Statistics: the summary)', (auth) => getHistorySummary(db, auth)],
      [
        'GET /history?startDate&endDate (Statistics: the week)',
        (auth) => getDailyPoints(db, auth, weekStart, weekEnd),
      ],
      ['GET /task (the board: the goal in progress)', (auth) => tasksOf(auth, {})],
      ['GET /task?page=1 (the list, all)', (auth) => tasksOf(auth, page)],
      [
        'GET /task?status=Completed&page=1 (a column)',
        (auth) => tasksOf(auth, { ...page, status: 'Completed' }),
      ],
      [
        'GET /task?status=OnGoing&page=1 (dashboard)',
        (auth) => tasksOf(auth, { ...page, status: 'OnGoing' }),
      ],
      [
        "GET /diary?limit=1 (the dashboard's newest entry)",
        (auth) => getDiaries(db, vault, auth, { limit: 1, before: addDays(today, 1) }),
      ],
      // SPEC.md's whole list, which no page reads now, is bench/diary-stream.ts's (over HTTP).
      [
        "GET /diary?limit=20 (My Diary's first page)",
        (auth) => getDiaries(db, vault, auth, { limit: 20 }),
      ],
    ];
    const authOf = (userId: string): AuthContext => ({
      userId,
      sessionId: 'bench',
      timeZone: 'UTC',
      today,
    });
    const rows: string[][] = [];
    for (const [label, read] of reads) {
      const fresh = await time(() => read(authOf(newcomer.id)));
      const years = await time(() => read(authOf(veteran.id)));
      const ratio = percentile(years, 99) / percentile(fresh, 99);
      const p99 = percentile(years, 99);
      const met = ratio <= TARGET_RATIO && (kind !== 'postgres' || p99 < TARGET_P99_MS);
      rows.push([
        kind,
        label,
        `${fmtMs(percentile(fresh, 50))} / ${fmtMs(percentile(fresh, 99))}`,
        `${fmtMs(percentile(years, 50))} / ${fmtMs(p99)}`,
        `${ratio.toFixed(2)}x`,
        met ? 'met' : 'NOT MET',
      ]);
    }
    return rows;
  } finally {
    await open.close();
    await storage.remove();
  }
}

async function main() {
  const rows: string[][] = [];
  for (const kind of KINDS) rows.push(...(await benchOne(kind)));
  console.info(
    `\nFive years of history against a new person (${RUNS} calls each, in process, no HTTP; ` +
      `target within ${TARGET_RATIO}x, p99 < ${TARGET_P99_MS} ms on PostgreSQL)`,
  );
  printTable(
    ['database', 'read', 'new p50 / p99', 'five years p50 / p99', 'p99 ratio', 'target'],
    rows,
  );
}

runMain(main);
