/**
 * The API under load, as it runs in production: `node apps/api/dist/server.js` with
 * NODE_ENV=production and LOG_LEVEL=warn, in its own process on a free loopback port, once on
 * PGlite (a temporary DATA_DIR) and once on PostgreSQL (a fresh database on BENCH_POSTGRES_URL's
 * server, created and dropped here). For each database:
 *
 * - start-up: the first start on an empty database (migrations and seed content), then five starts
 *   on the existing one, each timed from spawn to the first 200 from /api/health;
 * - seeding, straight into the database: one user with 10,000 tasks (BENCH_TASKS) and 100 days of
 *   diary, plus many users for the writes, so no user reaches the daily caps;
 * - autocannon, 50 connections for BENCH_DURATION seconds (default 10) a row: GET /api/v1/user,
 *   the first page of 7 tasks, a week of history, and a write mix (accept a catalogue task, then
 *   complete it, across the write users);
 * - the server's RSS (VmRSS from /proc) idle before the load and its peak during it;
 * - the reference: a bare node:http server in its own process answering a fixed JSON body of the
 *   same mean size as the three reads' answers, measured the same way right after.
 *
 * Run: npm run bench:api (BENCH_DURATION=2 for a quick check; BENCH_DATABASES=postgres for one).
 */
import type autocannon from 'autocannon';
import path from 'node:path';
import { startApiServer } from '../scripts/lib/api-server.mjs';
import { ensureApiBuilt } from '../scripts/lib/build.mjs';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { openStorage } from '../scripts/lib/open-storage';
import { findFreePort } from '../scripts/lib/ports.mjs';
import {
  onCleanup,
  ROOT,
  runMain,
  sleep,
  spawnNode,
  waitUntilHealthy,
} from '../scripts/lib/processes.mjs';
import {
  listTemplates,
  seedUsers,
  vacuumAnalyze,
  type SeededUser,
  type Template,
} from '../scripts/lib/seed';
import { formatCpu, startCpuAccount, type CpuSplit } from './lib/cpu';
import {
  DURATION_S,
  fmtInt,
  fmtMb,
  fmtMs,
  median,
  printTable,
  runLoad,
  warmUp,
  type LoadResult,
} from './lib/load';
import { readRss, sampleRss } from './lib/rss';

type Kind = 'pglite' | 'postgres';

const KINDS = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Kind[];
const READER_TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const DIARY_DAYS = 100;
const RESTARTS = 5;
/** Accepts per write user at most: the cap is 30 a local day. */
const ACCEPTS_PER_USER = 25;
const WRITE_USERS = Number(process.env.BENCH_WRITE_USERS ?? Math.max(300, 150 * DURATION_S));

/** Targets of the issue "Fast and able to grow". */
const TARGETS = {
  readRatio: { postgres: 0.25, pglite: 0.15 } as Record<Kind, number>,
  p99Ms: 25,
  idleRss: 150 * 1024 * 1024,
  loadRss: 300 * 1024 * 1024,
  restartMs: 2_000,
};

type Measured = LoadResult & { cpu: CpuSplit };

/** One autocannon row, with where the CPU went meanwhile. */
async function measure(
  label: string,
  pid: number,
  hasPostgres: boolean,
  options: autocannon.Options,
): Promise<Measured> {
  const stopCpu = startCpuAccount(pid, hasPostgres);
  const result = await runLoad(label, options);
  const cpu = stopCpu();
  console.info(
    `${label}: ${fmtInt(result.rps)} req/s, p50 ${fmtMs(result.p50)}, p99 ${fmtMs(result.p99)}; ` +
      `CPU: ${formatCpu(cpu)}`,
  );
  return { ...result, cpu };
}

interface Section {
  kind: Kind;
  firstStartMs: number;
  restartMs: number[];
  idleRss: number;
  peakRss: number;
  bodyBytes: number;
  reads: Measured[];
  write: Measured;
  reference: Measured;
  notes: string[];
}

async function readOnce(url: string, token: string) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${body}`);
  return Buffer.byteLength(body);
}

/** Accept a catalogue task, then complete it; each loop takes the next write user in turn. */
function writeMix(users: SeededUser[], templates: Template[]): autocannon.Request[] {
  let turn = 0;
  type Context = { user?: SeededUser; taskId?: string };
  return [
    {
      method: 'POST',
      setupRequest: (request, context) => {
        const ctx = context as Context;
        const user = users[turn % users.length]!;
        const template = templates[turn % templates.length]!;
        turn += 1;
        ctx.user = user;
        return {
          ...request,
          path: `/api/v1/task?id=${user.id}`,
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            templateId: template.id,
            title: template.title,
            mood: template.mood,
          }),
        };
      },
      onResponse: (status, body, context) => {
        if (status === 201) (context as Context).taskId = JSON.parse(body).data.id;
      },
    },
    {
      method: 'POST',
      // No task accepted: back to the first request (autocannon restarts on a falsy answer).
      setupRequest: (request, context) => {
        const { user, taskId } = context as Context;
        if (!user || !taskId) return null as unknown as autocannon.Request;
        return {
          ...request,
          path: `/api/v1/task/completed?taskId=${taskId}&userId=${user.id}`,
          headers: { authorization: `Bearer ${user.token}` },
          body: undefined,
        };
      },
    },
  ];
}

async function runReference(bodyBytes: number): Promise<Measured> {
  const port = await findFreePort();
  const child = spawnNode(path.join(ROOT, 'bench', 'lib', 'reference-server.mjs'), port, {
    PORT: String(port),
    BODY_BYTES: String(bodyBytes),
  });
  try {
    await waitUntilHealthy(child, `${child.baseUrl}/`, 10_000);
    await warmUp({ url: child.baseUrl }, 1);
    return await measure('reference node:http', child.pid, false, { url: child.baseUrl });
  } finally {
    await child.stop();
  }
}

async function benchDatabase(kind: Kind): Promise<Section> {
  console.info(`\n== ${kind}`);
  const notes: string[] = [];
  const storage: Storage =
    kind === 'pglite'
      ? await createPgliteStorage('bench-api')
      : await createPostgresStorage('bench_api');

  // The first start creates everything: migrations and the seed content.
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
  const templates = await listTemplates(db.query);
  await vacuumAnalyze(db.query);
  await db.close();
  console.info(
    `seeded 1 user with ${fmtInt(READER_TASKS)} tasks and ${DIARY_DAYS} diary days, ` +
      `${fmtInt(WRITE_USERS)} write users, in ${fmtMs(performance.now() - seedStart)}`,
  );

  // One start, not timed, takes in the seeded rows (it seals the plaintext diary entries, as an
  // upgrade would); then timed starts on the existing database, the last one staying up.
  await (await startApiServer(storage.env)).child.stop();
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

  const user = reader!;
  const now = Date.now();
  const headers = { authorization: `Bearer ${user.token}` };
  const reads = [
    { label: 'GET /user', path: `/api/v1/user?id=${user.id}` },
    {
      label: `GET /task page 1 of 7 (${fmtInt(READER_TASKS)} tasks)`,
      path: `/api/v1/task?id=${user.id}&page=1&size=7`,
    },
    {
      label: 'GET /history, a week',
      path: `/api/v1/history?id=${user.id}&startDate=${now - 6 * 86_400_000}&endDate=${now}`,
    },
  ];
  const sizes = await Promise.all(reads.map((r) => readOnce(child.baseUrl + r.path, user.token)));
  const bodyBytes = Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);

  const hasPostgres = kind === 'postgres';
  const results: Measured[] = [];
  for (const read of reads) {
    await warmUp({ url: child.baseUrl + read.path, headers }, 1);
    results.push(
      await measure(read.label, child.pid, hasPostgres, {
        url: child.baseUrl + read.path,
        headers,
      }),
    );
  }
  const write = await measure('write mix: accept + complete', child.pid, hasPostgres, {
    url: child.baseUrl,
    requests: writeMix(writers, templates),
  });
  if (write.total / 2 > writers.length * ACCEPTS_PER_USER) {
    notes.push(`${kind}: the write mix ran out of fresh write users (raise BENCH_WRITE_USERS)`);
  }
  const peakRss = rss.stop();
  await child.stop();

  for (const row of [...results, write]) {
    if (row.non2xx || row.errors) {
      notes.push(
        `${kind} ${row.label}: ${row.non2xx} non-2xx ${JSON.stringify(row.statuses)}, ${row.errors} errors`,
      );
    }
  }
  await storage.remove();

  const reference = await runReference(bodyBytes);
  return {
    kind,
    firstStartMs: first.startMs,
    restartMs,
    idleRss,
    peakRss,
    bodyBytes,
    reads: results,
    write,
    reference,
    notes,
  };
}

function report(sections: Section[]) {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.info(
    `\nThroughput: ${process.env.BENCH_CONNECTIONS ?? 50} connections, ${DURATION_S} s a row; ` +
      'each database is compared with the reference run right after it.\n',
  );
  const rows: string[][] = [];
  for (const s of sections) {
    const ratioTarget = TARGETS.readRatio[s.kind];
    rows.push([
      `${s.kind}: reference node:http (${s.bodyBytes} B)`,
      fmtInt(s.reference.rps),
      fmtMs(s.reference.p50),
      fmtMs(s.reference.p99),
      '1.00',
      '',
      '',
    ]);
    for (const r of s.reads) {
      const ratio = r.rps / s.reference.rps;
      const isP99Checked = s.kind === 'postgres';
      const target = `≥ ${ratioTarget.toFixed(2)}×${isP99Checked ? `, p99 < ${TARGETS.p99Ms} ms` : ''}`;
      const ok = ratio >= ratioTarget && (!isP99Checked || r.p99 < TARGETS.p99Ms) && !r.non2xx;
      rows.push([
        `${s.kind}: ${r.label}`,
        fmtInt(r.rps),
        fmtMs(r.p50),
        fmtMs(r.p99),
        ratio.toFixed(2),
        target,
        verdict(ok),
      ]);
    }
    const w = s.write;
    rows.push([
      `${s.kind}: ${w.label}`,
      fmtInt(w.rps),
      fmtMs(w.p50),
      fmtMs(w.p99),
      (w.rps / s.reference.rps).toFixed(2),
      '(no target)',
      w.non2xx ? 'non-2xx' : '',
    ]);
  }
  printTable(['row', 'req/s', 'p50', 'p99', '× ref', 'target', 'result'], rows);

  console.info('\nMemory (VmRSS of the server process) and start-up\n');
  const more: string[][] = [];
  for (const s of sections) {
    more.push([
      `${s.kind}: RSS idle, before load`,
      fmtMb(s.idleRss),
      '< 150 MB',
      verdict(s.idleRss < TARGETS.idleRss),
    ]);
    more.push([
      `${s.kind}: RSS peak, under load`,
      fmtMb(s.peakRss),
      '< 300 MB',
      verdict(s.peakRss < TARGETS.loadRss),
    ]);
    more.push([`${s.kind}: first start, empty database`, fmtMs(s.firstStartMs), '(no target)', '']);
    const med = median(s.restartMs);
    more.push([
      `${s.kind}: start on existing data, median of ${s.restartMs.length}`,
      fmtMs(med),
      '< 2 s',
      verdict(med < TARGETS.restartMs),
    ]);
  }
  printTable(['measure', 'value', 'target', 'result'], more);

  console.info(
    '\nCPU during each row (seconds; "other" is everything else on the machine, such as other' +
      " people's test suites)\n",
  );
  const cpuRows: string[][] = [];
  for (const s of sections) {
    for (const r of [s.reference, ...s.reads, s.write]) {
      cpuRows.push([
        `${s.kind}: ${r.label}`,
        r.cpu.server.toFixed(1),
        r.cpu.postgres.toFixed(1),
        r.cpu.generator.toFixed(1),
        r.cpu.other.toFixed(1),
        r.cpu.capacity.toFixed(1),
      ]);
    }
  }
  printTable(['row', 'server', 'postgres', 'autocannon', 'other', 'capacity'], cpuRows);
  const notes = sections.flatMap((s) => s.notes);
  if (notes.length) console.info(`\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}`);
}

async function main() {
  ensureApiBuilt();
  const sections: Section[] = [];
  for (const kind of KINDS) sections.push(await benchDatabase(kind));
  report(sections);
}

runMain(main);
