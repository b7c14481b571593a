/**
 * Backup and restore at size (decision 043): BENCH_BACKUP_USERS users (1,000 by default), each with
 * a year of data: a mood and a diary entry every day, two completed tasks a day, a goal and a
 * session. Times `takeBackup` (PGlite: its data directory dumped; PostgreSQL: pg_dump, custom
 * format) and `restoreBackup` into an empty database of the same kind, and prints the file's size.
 * A reference measured in the same run: reading every row of the four big tables once (`count(*)`
 * over each), what any backup must at least do.
 *
 * PostgreSQL (a fresh database on BENCH_POSTGRES_URL's server, dropped at the end), then PGlite.
 *
 * Run: npm run bench:backup   (BENCH_DATABASES=postgres or pglite for one of them)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { takeBackup } from '../apps/api/src/db/backup/backup';
import { restoreBackup } from '../apps/api/src/db/backup/restore';
import {
  createPgliteStorage,
  createPostgresStorage,
  type Storage,
} from '../scripts/lib/databases.mjs';
import { openStorage } from '../scripts/lib/open-storage';
import { runMain } from '../scripts/lib/processes.mjs';
import { seedUsers, utcToday } from '../scripts/lib/seed';
import { seedDailyHistory } from './lib/daily-history';
import { fmtMs, printTable } from './lib/load';

type Kind = 'pglite' | 'postgres';
const KINDS = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as Kind[];
const USERS = Number(process.env.BENCH_BACKUP_USERS ?? 1_000);
const DAYS = 365;
const TASKS_A_DAY = 2;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function benchOne(kind: Kind): Promise<string[][]> {
  const make = kind === 'postgres' ? createPostgresStorage : createPgliteStorage;
  const source: Storage = await make('backup_source');
  const target: Storage = await make('backup_target');
  const open = await openStorage(source);
  try {
    const seedStart = performance.now();
    const users = await seedUsers(open.query, { users: USERS, tasksPerUser: 0, diaryDays: DAYS });
    await seedDailyHistory(
      open.query,
      users.map((u) => u.id),
      utcToday(),
      DAYS,
      TASKS_A_DAY,
    );
    const [counts] = await open.query(
      `SELECT (SELECT count(*) FROM mood_entries)::int AS moods,
              (SELECT count(*) FROM diaries)::int AS diaries,
              (SELECT count(*) FROM tasks)::int AS tasks`,
    );
    console.info(
      `${kind}: ${USERS} users with a year each: ${counts!.moods} moods, ${counts!.diaries} ` +
        `diary entries, ${counts!.tasks} tasks; seeded in ${fmtMs(performance.now() - seedStart)}`,
    );

    const readStart = performance.now();
    for (const table of ['users', 'mood_entries', 'diaries', 'tasks']) {
      await open.query(`SELECT count(*) FROM ${table}`);
    }
    const readMs = performance.now() - readStart;

    const backupStart = performance.now();
    const { bytes } = await takeBackup(open.handle, { databaseUrl: source.env.DATABASE_URL });
    const backupMs = performance.now() - backupStart;
    await open.close();

    // An empty target: a new PostgreSQL database, or a new PGlite folder (holding no key file).
    const restoreDir = await mkdtemp(path.join(tmpdir(), 'wellspring-restore-'));
    const env = {
      DATABASE_URL: target.env.DATABASE_URL,
      DATA_DIR: target.env.DATA_DIR ?? restoreDir,
      DATA_ENCRYPTION_KEY:
        source.env.DATA_ENCRYPTION_KEY ?? `1:${randomBytes(32).toString('base64')}`,
    };
    const restoreStart = performance.now();
    await restoreBackup(bytes, env, () => {});
    const restoreMs = performance.now() - restoreStart;
    // The restored database holds every row.
    const restored = await openStorage({
      ...target,
      env: { ...target.env, DATA_DIR: env.DATA_DIR },
    });
    const [after] = await restored.query(
      `SELECT (SELECT count(*) FROM mood_entries)::int AS moods,
              (SELECT count(*) FROM diaries)::int AS diaries,
              (SELECT count(*) FROM tasks)::int AS tasks`,
    );
    await restored.close();
    await rm(restoreDir, { recursive: true, force: true });
    if (JSON.stringify(after) !== JSON.stringify(counts)) {
      throw new Error(`the restore holds ${JSON.stringify(after)}, not ${JSON.stringify(counts)}`);
    }

    return [
      [kind, 'reference: count every row of the four big tables', fmtMs(readMs), ''],
      [kind, 'backup (npm run backup)', fmtMs(backupMs), megabytes(bytes.length)],
      [kind, 'restore into an empty database (npm run restore)', fmtMs(restoreMs), ''],
    ];
  } finally {
    await open.close().catch(() => {});
    await source.remove();
    await target.remove();
  }
}

async function main() {
  const rows: string[][] = [];
  for (const kind of KINDS) rows.push(...(await benchOne(kind)));
  console.info(`\nBackup and restore of ${USERS} users with a year of data each`);
  printTable(['database', 'step', 'time', 'file'], rows);
}

runMain(main);
