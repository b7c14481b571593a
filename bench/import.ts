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
import { buildLongLifeExport } from '../apps/api/test/export-files';
import { TASK_CATALOGUE } from '../apps/api/src/db/seed/task-catalogue';
import { ensureApiBuilt } from '../scripts/lib/build.mjs';
import { createPgliteStorage, createPostgresStorage } from '../scripts/lib/databases.mjs';
import { runMain, sleep } from '../scripts/lib/processes.mjs';
import {
  EventLoopWatch,
  Poller,
  postFile,
  register,
  startServer,
  summary,
} from './lib/import-server';
import { fmtMs, printTable } from './lib/load';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Kind[];
const FROM_BUILD = process.env.BENCH_IMPORT_SERVER === 'build';
const HEALTH_EVERY_MS = 10;
const READ_EVERY_MS = 50;
const REFERENCE_MS = 3_000;

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
  const server = await startServer(storage, FROM_BUILD);
  const loop = new EventLoopWatch(server);
  try {
    const { token } = await register(server.baseUrl, 'Bench Import');
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
    const res = await postFile(
      `${server.baseUrl}/api/v1/account/import`,
      token,
      payload,
      'application/json',
    );
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
