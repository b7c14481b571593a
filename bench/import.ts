/**
 * The largest valid import, and what the server answers meanwhile. The file is an honest export
 * at every row cap of the contract (IMPORT_MAX_ROWS: goals, tasks, diary entries, moods; every
 * background a life can win), its diary entries as long as the body limit leaves room for. It is
 * posted to a fresh account of an API server in its own process while `GET /api/health` is
 * called every 10 ms (and a database read, `GET /api/v1/background`, every 50 ms), each call on
 * its own connection, sent on time whether or not the one before has answered. Printed: the
 * file's size and rows, the import's time, and the latency of those calls during the import
 * against a stretch of the same calls with no import; on PGlite (a temporary DATA_DIR) and on
 * PostgreSQL (a fresh database at BENCH_POSTGRES_URL).
 *
 * The server runs from source through tsx, so the figures are those of the code as it is; with
 * BENCH_IMPORT_SERVER=build it runs the production build (apps/api/dist, built when stale).
 *
 * Run: npm run bench:import   (BENCH_DATABASES=pglite or postgres for one of them)
 */
import {
  DIARY_MAX_LENGTH,
  IMPORT_BODY_LIMIT_BYTES,
  IMPORT_MAX_ROWS,
  type ExportFile,
} from '@wellspring/shared';
import { request } from 'node:http';
import path from 'node:path';
import { buildLongLifeExport } from '../apps/api/test/export-files';
import { TASK_CATALOGUE } from '../apps/api/src/db/seed/task-catalogue';
import { serverEnv } from '../scripts/lib/api-server.mjs';
import { ensureApiBuilt } from '../scripts/lib/build.mjs';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { findFreePort, getStatus } from '../scripts/lib/ports.mjs';
import {
  ROOT,
  runMain,
  SERVER_JS,
  sleep,
  spawnProcess,
  waitUntilHealthy,
  type Child,
} from '../scripts/lib/processes.mjs';
import { fmtMs, percentile, printTable } from './lib/load';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Kind[];
const FROM_BUILD = process.env.BENCH_IMPORT_SERVER === 'build';
const HEALTH_EVERY_MS = 10;
const READ_EVERY_MS = 50;
const REFERENCE_MS = 3_000;
const PASSWORD = 'a long enough password';

/** The latency of calls sent at a steady pace, each on a fresh connection. */
class Poller {
  private readonly latencies: number[] = [];
  private readonly pending = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  failures = 0;

  constructor(
    private readonly url: string,
    private readonly everyMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      const sent = performance.now();
      const call = getStatus(this.url, 60_000).then((status) => {
        if (status === 200) this.latencies.push(performance.now() - sent);
        else this.failures += 1;
      });
      this.pending.add(call);
      void call.finally(() => this.pending.delete(call));
    }, this.everyMs);
  }

  /** Stops sending, waits for the calls still out, and answers the latencies. */
  async stop(): Promise<number[]> {
    clearInterval(this.timer);
    await Promise.all(this.pending);
    return this.latencies;
  }
}

/** Posts the file over node:http, the body written as the socket takes it. */
function postImport(url: string, token: string, payload: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': payload.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const summary = (values: number[]) =>
  `${fmtMs(percentile(values, 50))} / ${fmtMs(percentile(values, 99))} / ${fmtMs(Math.max(...values))}`;

/** The largest valid file: every row cap, diary entries filling what the body limit leaves. */
function buildLargestFile(now: Date): { file: ExportFile; payload: string } {
  const build = (diaryLength: number) =>
    buildLongLifeExport({
      now,
      days: IMPORT_MAX_ROWS.diaries,
      tasks: IMPORT_MAX_ROWS.tasks,
      goals: IMPORT_MAX_ROWS.goals,
      diaryLength,
      // Catalogue tasks worth 5,000 points or more: enough points for every goal of the cap.
      templates: TASK_CATALOGUE.filter((t) => t.points >= 5_000),
    });
  const base = Buffer.byteLength(JSON.stringify(build(1)));
  const room = IMPORT_BODY_LIMIT_BYTES - base - 64 * 1024;
  const diaryLength = Math.min(DIARY_MAX_LENGTH, Math.floor(room / IMPORT_MAX_ROWS.diaries));
  const file = build(diaryLength);
  const payload = JSON.stringify(file);
  if (Buffer.byteLength(payload) > IMPORT_BODY_LIMIT_BYTES) throw new Error('over the limit');
  return { file, payload };
}

function describeFile(file: ExportFile, payload: string): string {
  const rows =
    file.goals.length +
    file.tasks.length +
    file.diaries.length +
    file.moods.length +
    file.backgrounds.length;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  return (
    `${mb(Buffer.byteLength(payload))} MB of the ${mb(IMPORT_BODY_LIMIT_BYTES)} MB limit, ` +
    `${rows.toLocaleString('en-US')} rows (${file.goals.length} goals, ` +
    `${file.tasks.length} tasks, ${file.diaries.length} diary entries of ` +
    `${file.diaries[0]!.content.length} characters, ${file.moods.length} moods, ` +
    `${file.backgrounds.length} backgrounds)`
  );
}

const PROBE = path.join(ROOT, 'bench', 'lib', 'event-loop-probe.mjs');

async function startServer(storage: Storage): Promise<Child> {
  const script = FROM_BUILD
    ? [SERVER_JS]
    : ['--import', 'tsx', path.join(ROOT, 'apps', 'api', 'src', 'server.ts')];
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  for (let attempt = 1; ; attempt += 1) {
    const port = await findFreePort();
    const args = [...extra, '--import', PROBE, ...script];
    const child = spawnProcess(process.execPath, args, port, serverEnv(port, storage.env));
    try {
      await waitUntilHealthy(child, `${child.baseUrl}/api/health`, 120_000);
      return child;
    } catch (error) {
      await child.stop('SIGKILL');
      if (attempt >= 2) throw error;
    }
  }
}

/** The longest the server's event loop was held, as its probe reports it, over a stretch. */
class EventLoopWatch {
  private longest = 0;
  private isOn = false;

  constructor(child: Child) {
    let rest = '';
    child.process.stderr?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^EVENT_LOOP_MAX_MS ([\d.]+)$/.exec(line);
        if (match && this.isOn) this.longest = Math.max(this.longest, Number(match[1]));
      }
    });
  }

  start(): void {
    this.longest = 0;
    this.isOn = true;
  }

  /** Stops after the probe's next report (every 100 ms) and answers the longest hold. */
  async stop(): Promise<number> {
    await sleep(150);
    this.isOn = false;
    return this.longest;
  }
}

async function register(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Import',
      email: `bench-import-${Date.now()}@example.test`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: true,
      timeZone: 'UTC',
    }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 201 || !body.token) {
    throw new Error(`register answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return body.token;
}

interface Result {
  database: string;
  importMs: number;
  reference: { health: number[]; read: number[]; loopMs: number };
  during: { health: number[]; read: number[]; failures: number; loopMs: number };
  counts: Record<string, number>;
}

async function runOn(kind: Kind, payload: Buffer): Promise<Result> {
  const storage =
    kind === 'pglite' ? await createPgliteStorage('import') : await createPostgresStorage('import');
  const server = await startServer(storage);
  const loop = new EventLoopWatch(server);
  try {
    const token = await register(server.baseUrl);
    const health = `${server.baseUrl}/api/health`;
    const read = `${server.baseUrl}/api/v1/background`;

    const reference = [new Poller(health, HEALTH_EVERY_MS), new Poller(read, READ_EVERY_MS)];
    loop.start();
    for (const p of reference) p.start();
    await sleep(REFERENCE_MS);
    const [referenceHealth, referenceRead] = await Promise.all(reference.map((p) => p.stop()));
    const referenceLoopMs = await loop.stop();

    const during = [new Poller(health, HEALTH_EVERY_MS), new Poller(read, READ_EVERY_MS)];
    loop.start();
    for (const p of during) p.start();
    const started = performance.now();
    const res = await postImport(`${server.baseUrl}/api/v1/account/import`, token, payload);
    const importMs = performance.now() - started;
    const [duringHealth, duringRead] = await Promise.all(during.map((p) => p.stop()));
    const duringLoopMs = await loop.stop();
    const answer = JSON.parse(res.body) as { data?: Record<string, number> };
    if (res.status !== 200) {
      throw new Error(`import answered ${res.status}: ${JSON.stringify(answer).slice(0, 500)}`);
    }
    return {
      database: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      importMs,
      reference: { health: referenceHealth!, read: referenceRead!, loopMs: referenceLoopMs },
      during: {
        health: duringHealth!,
        read: duringRead!,
        failures: during[0]!.failures + during[1]!.failures,
        loopMs: duringLoopMs,
      },
      counts: answer.data!,
    };
  } finally {
    await server.stop();
    await storage.remove();
  }
}

runMain(async () => {
  if (FROM_BUILD) ensureApiBuilt();
  // Only the encoded file is kept: the bench's own heap stays small, so its garbage collection
  // does not show up as latency of the calls it times.
  const { payload, description } = (() => {
    const { file, payload } = buildLargestFile(new Date());
    return { payload: Buffer.from(payload), description: describeFile(file, payload) };
  })();
  console.info(
    `File: ${description}; server: ${FROM_BUILD ? 'production build' : 'source through tsx'}, ` +
      `NODE_ENV=production, node ${process.version}`,
  );
  const results: Result[] = [];
  for (const kind of KINDS) results.push(await runOn(kind, payload));
  console.info(
    `\nLatency p50 / p99 / max of calls sent from this process; health every ${HEALTH_EVERY_MS} ms, ` +
      `the database read every ${READ_EVERY_MS} ms, each on a new connection. "No import" is ` +
      `${REFERENCE_MS / 1000} s of the same calls just before it. "Event loop" is the longest the ` +
      'server held its event loop, as the server itself measured it (monitorEventLoopDelay).',
  );
  printTable(
    [
      'database',
      'import',
      'health, no import',
      'health, during import',
      'db read, no import',
      'db read, during import',
      'event loop, no import / during',
    ],
    results.map((r) => [
      r.database,
      `${(r.importMs / 1000).toFixed(2)} s`,
      summary(r.reference.health),
      summary(r.during.health) + (r.during.failures ? ` (${r.during.failures} failed)` : ''),
      summary(r.reference.read),
      summary(r.during.read),
      `${fmtMs(r.reference.loopMs)} / ${fmtMs(r.during.loopMs)}`,
    ]),
  );
});
