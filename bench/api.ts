/**
 * The API under load, as it runs in production: `node apps/api/dist/server.js` with
 * NODE_ENV=production and LOG_LEVEL=warn, in its own process on a free loopback port, once on
 * PGlite (a temporary DATA_DIR) and once on PostgreSQL (a fresh database on BENCH_POSTGRES_URL's
 * server, created and dropped here). For each database:
 *
 * - start-up: the first start on an empty database (migrations and seed content), then five starts
 *   on the existing one, each timed from spawn to the first 200 from /api/ready;
 * - seeding, straight into the database: one user with 10,000 tasks (BENCH_TASKS) and 100 days of
 *   diary, many users for the writes, so no user reaches the daily caps, and 1,500 others with 30
 *   past tasks each;
 * - autocannon, 50 connections for BENCH_DURATION seconds (default 10) a row, each after a warm-up
 *   that lasts until the server's CPU per request is steady (bench/lib/measure.ts): GET /api/v1/user,
 *   GET /user?fields=mood, GET /goal, the first page of 7 tasks, a week of history, the diary, and
 *   a write mix (accept a catalogue task, then complete it, across the write users);
 * - the server's RSS (VmRSS from /proc) idle before the load and its peak during it;
 * - the references (bench/lib/api-references.ts), each in its own process and loaded the same way
 *   right after the API stopped: the database's one-query reference (node:http answering one read
 *   of the user's row: PostgreSQL through `pg` with the API's pool size and a named prepared
 *   statement, on the same database; PGlite in process on the same data directory), then a bare
 *   node:http server answering a fixed body. Both answer the median size of the reads' answers.
 *   Between the two, the statement reference: GET /user's own statement through the API's
 *   database layer on node:http, without the framework.
 *
 * Every row prints its ratio to its database's one-query reference and to the bare server, as
 * measures; a read's target is decision 069's line, p99 under 50 ms at 50 connections
 * (bench/lib/api-report.ts).
 *
 * BENCH_PROFILE=1 also profiles the API (node --cpu-prof) under the GET /user load on PostgreSQL
 * (BENCH_PROFILE_ROW=goal, task, history or diary: that read's row instead; =write: the write mix)
 * and prints the top 20 self-time entries (BENCH_TOP=n for more; bench/lib/api-profile.ts);
 * BENCH_PROFILE_DATABASE=pglite profiles on the embedded database instead (with
 * BENCH_PROFILE=only); BENCH_PROFILE=only measures nothing else (with BENCH_DATABASES=postgres,
 * the quickest before/after of an API change).
 *
 * Run: npm run bench:api (BENCH_DURATION=2 for a quick check; BENCH_DATABASES=postgres for one).
 */
import { readFileSync } from 'node:fs';
import { startApiServer } from '../scripts/lib/api-server.mjs';
import { ensureApiBuilt } from '../scripts/lib/build.mjs';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { openStorage } from '../scripts/lib/open-storage';
import { onCleanup, runMain, sleep } from '../scripts/lib/processes.mjs';
import { listTemplates, seedUsers, vacuumAnalyze, type SeededUser } from '../scripts/lib/seed';
import { printProfile, profileApiRow, type ProfiledRow } from './lib/api-profile';
import {
  runBareReference,
  runOneQueryReference,
  runStatementReference,
} from './lib/api-references';
import { printApiReport, type Kind, type Section } from './lib/api-report';
import { DURATION_S, fmtInt, fmtMb, fmtMs, median } from './lib/load';
import { measure, type Measured } from './lib/measure';
import { readRss, sampleRss } from './lib/rss';
import { writeMix } from './lib/write-mix';

const KINDS = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Kind[];
const READER_TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const DIARY_DAYS = 100;
const RESTARTS = 5;
/** Accepts per write user at most: the cap is 30 a local day. */
const ACCEPTS_PER_USER = 25;
const WRITE_USERS = Number(process.env.BENCH_WRITE_USERS ?? Math.max(300, 150 * DURATION_S));
/**
 * Other users, each with 30 past tasks (completed or expired a while ago), read by no row. With
 * the reader alone holding every task, PostgreSQL's statistics say a user has 10,000 of them; the
 * page statement's generic plan (LIMIT and OFFSET unknown: a tenth of those rows) then always looks
 * dearer than planning each call, and the task page was planned on every request (decision 054).
 * Real tables hold many users' tasks; so does the bench's.
 */
const OTHER_USERS = 1_500;
const OTHER_TASKS = 30;
/** The write mix's warm-up spends write users' daily accepts too: a few seconds at most. */
const WRITE_WARM_UP_MAX_S = 5;
/** '1': profile GET /user on PostgreSQL besides the rows; 'only': the profile and nothing else. */
const PROFILE = process.env.BENCH_PROFILE ?? '';
/** The row the profile loads: 'user' (GET /user, the default), 'goal', 'task', 'history', 'diary' or 'write'. */
const PROFILE_ROW = process.env.BENCH_PROFILE_ROW ?? 'user';

/** The 1-minute load average now, from /proc/loadavg. */
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

async function readOnce(url: string, token: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body}`);
  return Buffer.byteLength(body);
}

/** The read rows: the hot reads, each as the web app calls it (decision 050). */
function readRows(user: SeededUser) {
  const now = Date.now();
  return [
    { label: 'GET /user', path: `/api/v1/user?id=${user.id}` },
    { label: 'GET /user?fields=mood', path: `/api/v1/user?id=${user.id}&fields=mood` },
    { label: 'GET /goal', path: `/api/v1/goal?id=${user.id}` },
    {
      label: `GET /task page 1 of 7 (${fmtInt(READER_TASKS)} tasks)`,
      path: `/api/v1/task?id=${user.id}&page=1&size=7`,
    },
    {
      label: 'GET /history, a week',
      path: `/api/v1/history?id=${user.id}&startDate=${now - 6 * 86_400_000}&endDate=${now}`,
    },
    // The API has no diary pages (SPEC: the whole list), so this row reads every entry.
    { label: `GET /diary (all ${DIARY_DAYS} entries)`, path: `/api/v1/diary?id=${user.id}` },
  ];
}

interface Prepared {
  storage: Storage;
  firstStartMs: number;
  reader: SeededUser;
  writers: SeededUser[];
  templates: Awaited<ReturnType<typeof listTemplates>>;
}

/** A fresh storage, started once empty (migrations and seed content), then seeded for the rows. */
async function prepareStorage(kind: Kind): Promise<Prepared> {
  const storage: Storage =
    kind === 'pglite'
      ? await createPgliteStorage('bench-api')
      : await createPostgresStorage('bench_api');
  const first = await startApiServer(storage.env);
  await first.child.stop();
  console.info(`first start on an empty database: ${fmtMs(first.startMs)}`);

  const seedStart = performance.now();
  const db = await openStorage(storage);
  const [reader] = await seedUsers(db.query, {
    users: 1,
    tasksPerUser: READER_TASKS,
    diaryDays: DIARY_DAYS,
  });
  const writers = await seedUsers(db.query, { users: WRITE_USERS, tasksPerUser: 0, diaryDays: 0 });
  await seedUsers(db.query, { users: OTHER_USERS, tasksPerUser: OTHER_TASKS, diaryDays: 0 });
  const templates = await listTemplates(db.query);
  await vacuumAnalyze(db.query);
  await db.close();
  console.info(
    `seeded 1 user with ${fmtInt(READER_TASKS)} tasks and ${DIARY_DAYS} diary days, ` +
      `${fmtInt(WRITE_USERS)} write users, ${fmtInt(OTHER_USERS)} others with ${OTHER_TASKS} past tasks each, in ${fmtMs(performance.now() - seedStart)}`,
  );
  // One start, not timed, takes in the seeded rows (it seals the plaintext diary entries, as an
  // upgrade would).
  await (await startApiServer(storage.env)).child.stop();
  return { storage, firstStartMs: first.startMs, reader: reader!, writers, templates };
}

/** The profile (BENCH_PROFILE) of BENCH_PROFILE_ROW's row on a prepared storage. */
function profileRow(prepared: Prepared): Promise<ProfiledRow> {
  const { storage, reader, writers, templates } = prepared;
  const headers = { authorization: `Bearer ${reader.token}` };
  if (PROFILE_ROW === 'write') {
    return profileApiRow(storage, 'write mix', (baseUrl) => ({
      url: baseUrl,
      requests: writeMix(writers, templates),
    }));
  }
  const row = readRows(reader).find((r) => r.label.startsWith(`GET /${PROFILE_ROW}`));
  if (!row) {
    throw new Error(
      `BENCH_PROFILE_ROW is ${PROFILE_ROW}: expected user, goal, task, history, diary or write`,
    );
  }
  return profileApiRow(storage, row.label, (baseUrl) => ({ url: baseUrl + row.path, headers }));
}

async function benchDatabase(
  kind: Kind,
  loads: number[],
): Promise<{ section: Section; profile?: ProfiledRow }> {
  console.info(`\n== ${kind}`);
  const notes: string[] = [];
  const prepared = await prepareStorage(kind);
  const { storage, reader: user, writers, templates } = prepared;

  // Timed starts on the existing database, the last one staying up.
  const restartMs: number[] = [];
  let server = await startApiServer(storage.env);
  restartMs.push(server.startMs);
  for (let i = 1; i < RESTARTS; i += 1) {
    await server.child.stop();
    server = await startApiServer(storage.env);
    restartMs.push(server.startMs);
  }
  console.info(`starts on the existing database: ${restartMs.map(fmtMs).join(', ')}`);
  const { child } = server;
  onCleanup(() => void child.stop('SIGKILL'));

  await sleep(1_000);
  const idleRss = readRss(child.pid);
  const rss = sampleRss(child.pid);

  const headers = { authorization: `Bearer ${user.token}` };
  const reads = readRows(user);
  const sizes: number[] = [];
  for (const r of reads) sizes.push(await readOnce(child.baseUrl + r.path, user.token));
  console.info(`answer sizes: ${reads.map((r, i) => `${r.label} ${sizes[i]} B`).join(', ')}`);
  const bodyBytes = Math.round(median(sizes));

  const hasPostgres = kind === 'postgres';
  const measured = async (row: Promise<Measured>) => {
    const result = await row;
    loads.push(loadAverage());
    return result;
  };
  /** The RSS peak so far after each API row: which row grows the process. */
  const peaks: string[] = [];
  const measuredApi = async (row: Promise<Measured>) => {
    const result = await measured(row);
    peaks.push(`${result.label} ${fmtMb(rss.peak)}`);
    return result;
  };
  const results: Measured[] = [];
  for (const read of reads) {
    const options = { url: child.baseUrl + read.path, headers };
    results.push(await measuredApi(measure(read.label, child.pid, hasPostgres, options)));
  }
  const write = await measuredApi(
    measure(
      'write mix: accept + complete',
      child.pid,
      hasPostgres,
      { url: child.baseUrl, requests: writeMix(writers, templates) },
      WRITE_WARM_UP_MAX_S,
    ),
  );
  if ((write.total + write.warmUpRequests) / 2 > writers.length * ACCEPTS_PER_USER) {
    notes.push(`${kind}: the write mix ran out of fresh write users (raise BENCH_WRITE_USERS)`);
  }
  const peakRss = rss.stop();
  await child.stop();
  console.info(`RSS peak so far, after each row: ${peaks.join(', ')}`);

  for (const row of [...results, write]) {
    if (row.non2xx || row.errors) {
      notes.push(
        `${kind} ${row.label}: ${row.non2xx} non-2xx ${JSON.stringify(row.statuses)}, ${row.errors} errors`,
      );
    }
  }
  // The API has stopped: its PGlite directory is free for the in-process reference.
  const oneQuery = await measured(runOneQueryReference(storage, user.id, bodyBytes));
  const statement = await measured(runStatementReference(storage, user.token));
  const profile = PROFILE && hasPostgres ? await profileRow(prepared) : undefined;
  await storage.remove();
  const bare = await measured(runBareReference(bodyBytes));
  const section: Section = {
    kind,
    firstStartMs: prepared.firstStartMs,
    restartMs,
    idleRss,
    peakRss,
    bodyBytes,
    reads: results,
    write,
    oneQuery,
    statement,
    bare,
    notes,
  };
  return { section, profile };
}

/** BENCH_PROFILE=only: the row's profile on PostgreSQL (or BENCH_PROFILE_DATABASE), nothing else. */
async function profileOnly() {
  const kind = (process.env.BENCH_PROFILE_DATABASE ?? 'postgres') as Kind;
  if (kind !== 'postgres' && kind !== 'pglite') {
    throw new Error(`BENCH_PROFILE_DATABASE is ${kind}: expected postgres or pglite`);
  }
  console.info(`\n== ${kind}, profile only`);
  const prepared = await prepareStorage(kind);
  const profile = await profileRow(prepared);
  await prepared.storage.remove();
  printProfile(
    `CPU profile of the API, ${profile.row.label} on ${kind} (load ${loadAverage()})`,
    profile,
  );
}

async function main() {
  ensureApiBuilt();
  if (PROFILE === 'only') return profileOnly();
  const sections: Section[] = [];
  const loads: number[] = [loadAverage()];
  let profile: ProfiledRow | undefined;
  for (const kind of KINDS) {
    const result = await benchDatabase(kind, loads);
    sections.push(result.section);
    profile ??= result.profile;
  }
  const range = `${Math.min(...loads).toFixed(2)} to ${Math.max(...loads).toFixed(2)} (1-minute, ${loads.length} readings)`;
  printApiReport(sections, range);
  if (profile) printProfile(`CPU profile of the API, ${profile.row.label} on PostgreSQL`, profile);
  else if (PROFILE) console.info('\n(BENCH_PROFILE: no PostgreSQL in BENCH_DATABASES, no profile)');
}

runMain(main);
