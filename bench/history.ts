/**
 * Years of history (decision 073, issue 35): one person with five years of history (three
 * check-ins a day, 60 activities, two named a check-in, 1,500 diary entries sealed as the server
 * seals them, 3,000 completed tasks) beside a new person of this week, in the same database
 * (bench/lib/five-year-person.ts). Each read a signed-in page makes (bench/lib/signed-in-reads.ts:
 * the dashboard's, My Diary's, the task list's, Statistics', Insights' and the day view's) runs
 * through the API's own service functions (statements, round trips and computing, no HTTP),
 * BENCH_HISTORY_RUNS times for each person: p50 and p99, and the five-year person's over the new
 * person's (the p50 ratio beside the target's p99 one: a p99 of a few milliseconds is mostly the
 * scheduler's). Target: each within 2x, and p99 under 50 ms on PostgreSQL.
 *
 * PostgreSQL (a fresh database on BENCH_POSTGRES_URL's server, dropped at the end), then PGlite.
 *
 * Run: npm run bench:history   (BENCH_DATABASES=postgres or pglite for one of them)
 */
import { performance } from 'node:perf_hooks';
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
import { authOf, listSignedInReads } from './lib/signed-in-reads';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 100);
const TARGET_RATIO = 2;
const TARGET_P99_MS = 50;

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
    const reads = listSignedInReads(open.handle.db, vault, now);
    const rows: string[][] = [];
    for (const { label, read } of reads) {
      const fresh = await time(() => read(authOf(newcomer.id, today)));
      const years = await time(() => read(authOf(veteran.id, today)));
      const ratio = percentile(years, 99) / percentile(fresh, 99);
      const p99 = percentile(years, 99);
      const met = ratio <= TARGET_RATIO && (kind !== 'postgres' || p99 < TARGET_P99_MS);
      rows.push([
        kind,
        label,
        `${fmtMs(percentile(fresh, 50))} / ${fmtMs(percentile(fresh, 99))}`,
        `${fmtMs(percentile(years, 50))} / ${fmtMs(p99)}`,
        `${(percentile(years, 50) / percentile(fresh, 50)).toFixed(2)}x`,
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
    [
      'database',
      'read',
      'new p50 / p99',
      'five years p50 / p99',
      'p50 ratio',
      'p99 ratio',
      'target',
    ],
    rows,
  );
}

runMain(main);
