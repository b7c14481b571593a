/**
 * What one active user costs, in figures that do not depend on how busy the machine is (decision
 * 045; the capacity model in docs/SCALING.md is built from them):
 *
 * 1. A fresh PostgreSQL database (on BENCH_POSTGRES_URL's server, dropped at the end) with
 *    BENCH_CAPACITY_YEAR_USERS users (default 200), each holding one typical year of data
 *    (bench/lib/user-year.ts): rows and bytes per table, before and after, divided per user.
 * 2. The API built in this process on that database (buildApp, as server.ts builds it, with the
 *    in-memory rate-limit store and logs serialised to nowhere), and one active user's day
 *    (bench/lib/user-day.ts) replayed through app.inject for BENCH_CAPACITY_USERS users
 *    (default 40) in each of BENCH_CAPACITY_ROUNDS rounds (default 5), one request at a time.
 *    Per request: the HTTP requests, the database round trips (the API's own
 *    wellspring_db_query_duration_seconds count, every statement sent to the driver, BEGIN and
 *    COMMIT included) and this process's CPU time (process.cpuUsage over the request). Per
 *    round: the CPU time of this database's PostgreSQL backends (/proc, when the server is on this
 *    machine), the buffer pages they touched and the rows they wrote (pg_stat_database).
 *
 * CPU time, unlike wall time, hardly moves when other work shares the machine (it still grows a
 * little: caches are shared); the rounds say how noisy it was. No HTTP socket is involved: the
 * parse and write of a real connection (some tens of microseconds a request) are not counted.
 *
 * Run: npm run bench:capacity   (BENCH_CAPACITY_USERS=5 BENCH_CAPACITY_YEAR_USERS=20 to try)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Histogram } from 'prom-client';
import { buildApp } from '../apps/api/src/app';
import { loadEnv } from '../apps/api/src/config/env';
import { ContentCipher, parseDataKeys } from '../apps/api/src/lib/crypto/content-cipher';
import { metricsRegistry } from '../apps/api/src/lib/metrics';
import { createPostgresStorage } from '../scripts/lib/databases.mjs';
import { openStorage, type OpenStorage, type Query } from '../scripts/lib/open-storage';
import { runMain } from '../scripts/lib/processes.mjs';
import type { SeededUser } from '../scripts/lib/seed';
import { fmtInt, printTable } from './lib/load';
import { injector, READS, replayDay, REFRESHES, type Call } from './lib/user-day';
import { seedYear, tableSizes, YEAR, type TableSize } from './lib/user-year';

const ROUNDS = Number(process.env.BENCH_CAPACITY_ROUNDS ?? 5);
const USERS_PER_ROUND = Number(process.env.BENCH_CAPACITY_USERS ?? 40);
/** Days replayed first and not counted: the first round ran 40% slower after a single one. */
const WARM_UP_DAYS = 10;
const YEAR_USERS = Math.max(
  Number(process.env.BENCH_CAPACITY_YEAR_USERS ?? 200),
  ROUNDS * USERS_PER_ROUND + WARM_UP_DAYS,
);

const histogram = metricsRegistry.getSingleMetric(
  'wellspring_db_query_duration_seconds',
) as Histogram;

/** Round trips so far, every outcome. */
async function roundTrips(): Promise<number> {
  const { values } = await histogram.get();
  return values
    .filter((v) => v.metricName?.endsWith('_count'))
    .reduce((sum, v) => sum + v.value, 0);
}

/** Waits until no statement is in flight on the pool (a write a request did not wait for). */
async function settle(db: OpenStorage): Promise<void> {
  const pool = db.handle.pool!;
  for (let i = 0; i < 1_000; i += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    if (pool.idleCount === pool.totalCount && pool.waitingCount === 0) return;
  }
}

/** CPU ticks (10 ms) of this database's backends, by pid, when /proc shows them. */
async function backendTicks(query: Query): Promise<Map<number, number>> {
  const rows = await query(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(pid), Number(fields[11]) + Number(fields[12]));
    } catch {
      // Not on this machine (or gone).
    }
  }
  return ticks;
}

async function databaseStats(db: OpenStorage) {
  // A backend sends its counters to the statistics system when it goes idle, but at most once a
  // second and otherwise up to 10 s later: every connection of the pool is asked to send them now.
  const pool = db.handle.pool!;
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    for (const client of clients) await client.query('SELECT pg_stat_force_next_flush()');
  } finally {
    for (const client of clients) client.release();
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const query = db.query;
  const [row] = await query(
    `SELECT blks_hit + blks_read AS pages, blks_read, tup_inserted + tup_updated + tup_deleted AS
            written, xact_commit FROM pg_stat_database WHERE datname = current_database()`,
  );
  return {
    pages: Number(row!.pages),
    blksRead: Number(row!.blks_read),
    written: Number(row!.written),
    commits: Number(row!.xact_commit),
  };
}

interface Round {
  calls: Call[];
  days: number;
  /** PostgreSQL backend CPU over the round, ms (NaN when /proc does not show the backends). */
  pgCpuMs: number;
  pages: number;
  written: number;
  commits: number;
}

async function runRound(
  app: Awaited<ReturnType<typeof buildApp>>,
  db: OpenStorage,
  users: SeededUser[],
): Promise<Round> {
  const calls: Call[] = [];
  const measure = { roundTrips, settle: () => settle(db), calls };
  const statsBefore = await databaseStats(db);
  const ticksBefore = await backendTicks(db.query);
  for (const user of users) await replayDay(injector(app, user, measure), user, new Date());
  await settle(db);
  const ticksAfter = await backendTicks(db.query);
  const statsAfter = await databaseStats(db);
  let ticks = 0;
  let seen = 0;
  for (const [pid, after] of ticksAfter) {
    const before = ticksBefore.get(pid);
    if (before === undefined) continue;
    ticks += after - before;
    seen += 1;
  }
  return {
    calls,
    days: users.length,
    pgCpuMs: seen ? ticks * 10 : Number.NaN,
    // The statistics queries of this bench itself are a few pages and no writes: left in.
    pages: statsAfter.pages - statsBefore.pages,
    written: statsAfter.written - statsBefore.written,
    commits: statsAfter.commits - statsBefore.commits,
  };
}

/**
 * Each of the day's reads once for each of `users`, one read at a time: the buffer pages it
 * touches (8 KB, shared-buffer hits and reads; pg_stat_database cannot tell two requests apart,
 * hence one read for many users between two looks).
 */
async function pagesPerRead(
  app: Awaited<ReturnType<typeof buildApp>>,
  db: OpenStorage,
  users: SeededUser[],
): Promise<string[][]> {
  const rows: string[][] = [];
  const now = new Date();
  for (const [label, path] of Object.entries(READS)) {
    const before = await databaseStats(db);
    for (const user of users) {
      const response = await app.inject({
        method: 'GET',
        url: path(user.id, now),
        headers: { authorization: `Bearer ${user.token}` },
      });
      if (response.statusCode >= 400) {
        throw new Error(`${label} answered ${response.statusCode}: ${response.body}`);
      }
    }
    await settle(db);
    const after = await databaseStats(db);
    rows.push([
      label,
      fixed((after.pages - before.pages) / users.length, 0),
      fixed((after.blksRead - before.blksRead) / users.length, 1),
    ]);
  }
  return rows;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const fixed = (n: number, digits = 1) => n.toFixed(digits);

function printSizes(before: Map<string, TableSize>, after: Map<string, TableSize>, n: number) {
  const rows: string[][] = [];
  const total = { rows: 0, table: 0, index: 0 };
  for (const [table, a] of after) {
    const b = before.get(table)!;
    const r = (a.rows - b.rows) / n;
    const t = (a.table_bytes - b.table_bytes) / n;
    const i = (a.index_bytes - b.index_bytes) / n;
    if (r === 0 && t === 0 && i === 0) continue;
    total.rows += r;
    total.table += t;
    total.index += i;
    rows.push([table, fixed(r, 1), kb(t), kb(i), kb(t + i)]);
  }
  rows.sort((x, y) => parseFloat(y[4]!) - parseFloat(x[4]!));
  rows.push([
    'all tables',
    fixed(total.rows, 0),
    kb(total.table),
    kb(total.index),
    kb(total.table + total.index),
  ]);
  console.info(`\nStorage per user per year (${n} users with a typical year, VACUUM FULL: packed)`);
  printTable(['table', 'rows / user', 'heap+TOAST / user', 'indexes / user', 'total / user'], rows);
}

function printCalls(rounds: Round[]) {
  const all = rounds.flatMap((r) => r.calls);
  const days = rounds.reduce((sum, r) => sum + r.days, 0);
  const byLabel = new Map<string, Call[]>();
  for (const call of all) byLabel.set(call.label, [...(byLabel.get(call.label) ?? []), call]);
  const rows: string[][] = [];
  for (const [label, calls] of byLabel) {
    const trips = calls.map((c) => c.roundTrips);
    const cpu = calls.map((c) => c.cpuMicros).sort((a, b) => a - b);
    rows.push([
      label,
      fixed(calls.length / days, 0),
      fixed(trips.reduce((a, b) => a + b, 0) / calls.length, 1),
      `${Math.min(...trips)}–${Math.max(...trips)}`,
      `${(cpu[Math.floor(cpu.length / 2)]! / 1000).toFixed(2)} ms`,
      `${(cpu.reduce((a, b) => a + b, 0) / cpu.length / 1000).toFixed(2)} ms`,
    ]);
  }
  console.info(`\nOne active user's day, per endpoint (${days} user-days, ${all.length} requests)`);
  printTable(['request', 'per day', 'round trips', 'range', 'API CPU p50', 'API CPU mean'], rows);
}

function printDay(rounds: Round[]) {
  const rows = rounds.map((r, i) => {
    const requests = r.calls.length;
    const trips = r.calls.reduce((sum, c) => sum + c.roundTrips, 0);
    const cpuMs = r.calls.reduce((sum, c) => sum + c.cpuMicros, 0) / 1000;
    return [
      `round ${i + 1} (${r.days} users)`,
      fixed(requests / r.days, 0),
      fixed(trips / r.days, 0),
      fixed(trips / requests, 2),
      `${fixed(cpuMs / requests, 2)} ms`,
      Number.isNaN(r.pgCpuMs) ? 'n/a' : `${fixed(r.pgCpuMs / requests, 2)} ms`,
      fixed(r.pages / requests, 0),
      fixed(r.written / r.days, 0),
      fixed(r.commits / r.days, 0),
    ];
  });
  console.info(`\nPer active user-day and per request, by round (CPU time, not wall time)`);
  printTable(
    [
      'round',
      'requests / day',
      'round trips / day',
      'round trips / request',
      'API CPU / request',
      'PostgreSQL CPU / request',
      'buffer pages / request',
      'rows written / day',
      'commits / day',
    ],
    rows,
  );
}

async function main() {
  const storage = await createPostgresStorage('capacity');
  const db = await openStorage(storage);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ws-capacity-'));
  try {
    const [version] = await db.query('SHOW server_version');
    console.info(
      `${new Date().toISOString()}: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, load ` +
        `${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}, Node ${process.version}, ` +
        `PostgreSQL ${String(version!.server_version)}`,
    );
    console.info(
      `Seeding ${YEAR_USERS} users × a typical year (${YEAR.moods} moods, ${YEAR.diaries} diaries of ` +
        `${YEAR.diaryChars} characters, ${YEAR.tasks} tasks, ${YEAR.extraCompletedGoals + 2} goals, ` +
        `${YEAR.extraSessions + 1} sessions)…`,
    );
    await db.query('VACUUM FULL ANALYZE');
    const before = await tableSizes(db.query);
    const users = await seedYear(db.query, YEAR_USERS, storage.env.DATA_ENCRYPTION_KEY!);
    await db.query('VACUUM FULL ANALYZE');
    const after = await tableSizes(db.query);
    // VACUUM FULL leaves no visibility map: without one, index-only scans read the heap too.
    // Autovacuum keeps one on a live table; so does this plain VACUUM (after the sizes were read).
    await db.query('VACUUM ANALYZE');
    printSizes(before, after, YEAR_USERS);

    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: storage.env.DATABASE_URL,
      DATA_ENCRYPTION_KEY: storage.env.DATA_ENCRYPTION_KEY,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      METRICS_TOKEN: 'capacity-bench-metrics-token',
      // Required in production; the day sends no mail.
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const app = await buildApp({
      env,
      database: db.handle,
      cipher: new ContentCipher(parseDataKeys(storage.env.DATA_ENCRYPTION_KEY!)),
      logStream: discard,
    });
    await app.ready();
    try {
      // Warm-up days: code compiled, statements prepared, caches filled.
      await runRound(app, db, users.slice(0, WARM_UP_DAYS));
      const rounds: Round[] = [];
      for (let r = 0; r < ROUNDS; r += 1) {
        const start = WARM_UP_DAYS + r * USERS_PER_ROUND;
        rounds.push(await runRound(app, db, users.slice(start, start + USERS_PER_ROUND)));
      }
      console.info(`\nThe day replayed (bench/lib/user-day.ts), ${REFRESHES} returns to the app`);
      printCalls(rounds);
      printDay(rounds);
      const lastRound = users
        .slice(WARM_UP_DAYS + (ROUNDS - 1) * USERS_PER_ROUND)
        .slice(0, USERS_PER_ROUND);
      console.info(
        `\nBuffer pages per read (8 KB; each read once for the last round's ${lastRound.length} users)`,
      );
      printTable(
        ['read', 'pages (hits + reads)', 'of which not in shared buffers'],
        await pagesPerRead(app, db, lastRound),
      );
      const requests = rounds.reduce((sum, r) => sum + r.calls.length, 0);
      console.info(
        `\n${fmtInt(requests)} requests in all, every one answered below 400 (the bench stops otherwise).`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    await storage.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
