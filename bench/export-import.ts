/**
 * Export and import of a long history: a user with five years of daily diary entries (about
 * 600 characters each), a mood for every day and about 5,000 tasks, on PGlite (in a temporary
 * directory) and on PostgreSQL when one answers at BENCH_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; a fresh database is created and dropped).
 *
 * The app listens on a local port and is called over real HTTP, so the export is read as the
 * stream it is (written to a temporary file, never held whole), and the import sends that file.
 * The resident set size (and the JavaScript heap in use) is sampled every 50 ms during each phase:
 * its peak, and the growth from just before the phase. Each database runs in a child process of
 * its own, so one's memory does not hide the other's; PGlite runs inside that process, so its
 * memory counts too (PostgreSQL's own server processes do not).
 *
 * Run: npx tsx bench/export-import.ts
 */
import { getDifficultyTier, type ChosenMood } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadEnv } from '../apps/api/src/config/env';
import { openDatabase, type Database, type DatabaseHandle } from '../apps/api/src/db/client';
import { prepareDatabase } from '../apps/api/src/db/migrate';
import { diaries, goals, tasks, taskTemplates } from '../apps/api/src/db/schema';
import { insertDailyMoods } from '../apps/api/src/modules/check-ins/check-ins.service';
import { createSession } from '../apps/api/src/modules/auth/session-store';
import { createUserAccount } from '../apps/api/src/modules/user/create-user';
import {
  ContentCipher,
  generateKeySpec,
  parseDataKeys,
} from '../apps/api/src/lib/crypto/content-cipher';
import type { DiaryVault } from '../apps/api/src/modules/diary/diary-vault';

const DAYS = 1_826; // five years, one of them a leap year
const TASKS = 5_000;
const DIARY_LENGTH = 600;
const INSERT_BATCH = 500;
const GOAL_TARGET = 150_000;
const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MOODS: ChosenMood[] = ['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'];
const WORDS =
  'today I walked by the river and the light was soft I called my sister we laughed about ' +
  'nothing in particular the tea went cold while I read a few pages slept early felt calmer ' +
  'than yesterday work was heavy but I took a break and breathed for a while';

interface Row {
  database: string;
  seedMs: number;
  exportMs: number;
  exportBytes: number;
  exportPeakRss: number;
  exportRssDelta: number;
  exportHeapDelta: number;
  importMs: number;
  importPeakRss: number;
  importRssDelta: number;
  importHeapDelta: number;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const ms = (value: number) => `${Math.round(value)} ms`;

/** Runs `work` while sampling the RSS every 50 ms; answers its time, the peak and the growth. */
async function measure<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, 50);
  const start = performance.now();
  try {
    const result = await work();
    const elapsed = performance.now() - start;
    sample();
    return {
      result,
      elapsed,
      peak,
      delta: peak - before.rss,
      heapDelta: peakHeap - before.heapUsed,
    };
  } finally {
    clearInterval(timer);
  }
}

function diaryText(day: number): string {
  const words = WORDS.split(' ');
  let text = `Day ${day}.`;
  for (let i = day; text.length < DIARY_LENGTH; i += 7) text += ` ${words[i % words.length]}`;
  return `${text.slice(0, DIARY_LENGTH - 1)}.`;
}

const isoDay = (start: number, day: number) =>
  new Date(start + day * 86_400_000).toISOString().slice(0, 10);

/**
 * Five years of a user's life, written straight through Drizzle in batches. Goals follow the rules
 * an import checks: each completed goal holds exactly the points of its completed tasks.
 */
async function seedHistory(db: Database, vault: DiaryVault, userId: string, start: number) {
  const templates = await db.select().from(taskTemplates);
  const goalRows: (typeof goals.$inferInsert)[] = [];
  const taskRows: (typeof tasks.$inferInsert)[] = [];
  const openGoal = (createdAt: Date) => {
    const goal = {
      id: randomUUID(),
      userId,
      target: GOAL_TARGET,
      tier: getDifficultyTier(GOAL_TARGET),
      earned: 0,
      taskCompleted: 0,
      status: 'OnProgress',
      createdAt,
      completedAt: null as Date | null,
    };
    goalRows.push(goal);
    return goal;
  };
  let goal = openGoal(new Date(start));
  for (let i = 0; i < TASKS; i += 1) {
    const day = Math.floor((i * DAYS) / TASKS);
    const createdAt = new Date(start + day * 86_400_000 + 8 * 3_600_000 + (i % 5) * 60_000);
    const template = templates[i % templates.length]!;
    const isExpired = i % 10 === 9;
    const completedAt = isExpired ? null : new Date(createdAt.getTime() + 3_600_000);
    taskRows.push({
      userId,
      goalId: goal.id,
      templateId: template.id,
      title: template.title,
      description: template.description,
      mood: template.mood,
      points: template.points,
      status: isExpired ? 'Expired' : 'Completed',
      createdAt,
      acceptedOn: isoDay(start, day),
      completedAt,
      completedOn: completedAt ? isoDay(start, day) : null,
    });
    if (!isExpired) {
      goal.earned += template.points;
      goal.taskCompleted += 1;
      if (goal.earned >= goal.target) {
        goal.status = 'Completed';
        goal.completedAt = completedAt;
        goal = openGoal(new Date(completedAt!.getTime() + 60_000));
      }
    }
  }
  for (let i = 0; i < goalRows.length; i += INSERT_BATCH) {
    await db.insert(goals).values(goalRows.slice(i, i + INSERT_BATCH));
  }
  for (let i = 0; i < taskRows.length; i += INSERT_BATCH) {
    await db.insert(tasks).values(taskRows.slice(i, i + INSERT_BATCH));
  }
  const days = Array.from({ length: DAYS }, (_, day) => day);
  for (let i = 0; i < DAYS; i += INSERT_BATCH) {
    const part = days.slice(i, i + INSERT_BATCH);
    await db.insert(diaries).values(
      part.map((day) => ({
        userId,
        localDate: isoDay(start, day),
        ...vault.seal(userId, isoDay(start, day), diaryText(day)),
        createdAt: new Date(start + day * 86_400_000 + 21 * 3_600_000),
      })),
    );
    await insertDailyMoods(
      db,
      part.map((day) => ({
        userId,
        localDate: isoDay(start, day),
        mood: MOODS[day % MOODS.length]!,
        updatedAt: new Date(start + day * 86_400_000 + 9 * 3_600_000),
        timeZone: 'UTC',
      })),
    );
  }
  return { goals: goalRows.length, tasks: taskRows.length };
}

async function createAccount(handle: DatabaseHandle, email: string, now: Date) {
  const user = await handle.db.transaction((tx) =>
    createUserAccount(tx, { name: 'Bench User', email, timeZone: 'UTC' }, now),
  );
  const token = await createSession(handle.db, user.id, now, { idleDays: 14, absoluteDays: 30 });
  return { id: user.id, token };
}

async function runOn(label: string, handle: DatabaseHandle, workDir: string): Promise<Row> {
  await prepareDatabase(handle);
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    PORT: '0',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    RATE_LIMIT_MAX: '100000',
    DATA_DIR: workDir,
    // No mail server here: a production app without one runs only with verification off.
    EMAIL_VERIFICATION: 'off',
  });
  const cipher = new ContentCipher(parseDataKeys(generateKeySpec()));
  const app = await buildApp({ env, database: handle, cipher });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const now = new Date();
    const start = now.getTime() - DAYS * 86_400_000;
    const seedStart = performance.now();
    const owner = await createAccount(
      handle,
      `bench-${randomBytes(4).toString('hex')}@example.test`,
      now,
    );
    const seeded = await seedHistory(handle.db, app.diaryVault, owner.id, start);
    const seedMs = performance.now() - seedStart;

    const file = join(workDir, 'export.json');
    const exported = await measure(async () => {
      const res = await fetch(`${base}/api/v1/account/export`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
      await pipeline(
        Readable.fromWeb(res.body as unknown as WebReadableStream),
        createWriteStream(file),
      );
    });
    const exportBytes = (await stat(file)).size;

    const fresh = await createAccount(
      handle,
      `bench-${randomBytes(4).toString('hex')}@example.test`,
      new Date(),
    );
    const imported = await measure(async () => {
      const res = await fetch(`${base}/api/v1/account/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fresh.token}`, 'content-type': 'application/json' },
        body: await readFile(file),
      });
      const body = (await res.json()) as { data?: Record<string, number> };
      if (res.status !== 200)
        throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
      return body.data!;
    });
    const counts = imported.result;
    if (counts.tasks !== seeded.tasks || counts.diaries !== DAYS || counts.moods !== DAYS) {
      throw new Error(`import counts differ: ${JSON.stringify(counts)}`);
    }
    const [check] = await handle.db
      .select({ n: tasks.id })
      .from(tasks)
      .where(eq(tasks.userId, fresh.id))
      .limit(1);
    if (!check) throw new Error('the import wrote no task');
    console.info(
      `${label}: seeded ${seeded.goals} goals, ${seeded.tasks} tasks, ${DAYS} diary entries and moods`,
    );
    return {
      database: label,
      seedMs,
      exportMs: exported.elapsed,
      exportBytes,
      exportPeakRss: exported.peak,
      exportRssDelta: exported.delta,
      exportHeapDelta: exported.heapDelta,
      importMs: imported.elapsed,
      importPeakRss: imported.peak,
      importRssDelta: imported.delta,
      importHeapDelta: imported.heapDelta,
    };
  } finally {
    await app.close();
  }
}

async function benchPglite(): Promise<Row> {
  const dir = await mkdtemp(join(tmpdir(), 'wellspring-bench-'));
  const handle = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    return await runOn('PGlite', handle, dir);
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<Row | string> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL not reachable at ${POSTGRES_URL} (${(error as Error).message}): skipped`;
  }
  const name = `wellspring_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const dir = await mkdtemp(join(tmpdir(), 'wellspring-bench-'));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  try {
    return await runOn('PostgreSQL', handle, dir);
  } finally {
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[]) {
  const header = [
    'database',
    'seed',
    'export',
    'file',
    'export peak RSS',
    'export RSS +',
    'export heap +',
    'import',
    'import peak RSS',
    'import RSS +',
    'import heap +',
  ];
  const lines = rows.map((r) => [
    r.database,
    ms(r.seedMs),
    ms(r.exportMs),
    mb(r.exportBytes),
    mb(r.exportPeakRss),
    mb(r.exportRssDelta),
    mb(r.exportHeapDelta),
    ms(r.importMs),
    mb(r.importPeakRss),
    mb(r.importRssDelta),
    mb(r.importHeapDelta),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.info(format(header));
  console.info(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const line of lines) console.info(format(line));
}

const RESULT_PREFIX = 'BENCH_RESULT ';

/** Runs this file again for one database, in a child process with a clean memory baseline. */
function runChild(which: 'pglite' | 'postgres'): Promise<Row | string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', ...process.execArgv, process.argv[1]!, '--only', which],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
      if (code !== 0 || !line) {
        reject(new Error(`the ${which} run failed (exit ${code}):\n${out}`));
        return;
      }
      resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as Row | string);
    });
  });
}

const only = process.argv[process.argv.indexOf('--only') + 1];
if (process.argv.includes('--only')) {
  const result = only === 'postgres' ? await benchPostgres() : await benchPglite();
  console.info(`${RESULT_PREFIX}${JSON.stringify(result)}`);
} else {
  const rows: Row[] = [];
  for (const which of ['pglite', 'postgres'] as const) {
    const result = await runChild(which);
    if (typeof result === 'string') console.info(result);
    else rows.push(result);
  }
  console.info(
    `\n${DAYS} days of diary entries (${DIARY_LENGTH} characters) and moods, ${TASKS} tasks; ` +
      `memory sampled every 50 ms (node ${process.version})`,
  );
  printTable(rows);
}
