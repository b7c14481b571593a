/**
 * The move from the embedded database to PostgreSQL at size (decision 047):
 * BENCH_MOVE_USERS users (1,000 by default), each with a year of data as in bench/backup.ts (a
 * mood and a diary entry every day, two completed tasks a day, a goal and a session), the diaries
 * sealed with a data key as the server seals them. Times `moveToPostgres` from the PGlite folder
 * into a new PostgreSQL database, checks every table's count there, and prints the rows per
 * second. A reference measured in the same run: `takeBackup` of the same PGlite folder, the
 * other whole-instance read an operator knows.
 *
 * Run: npx tsx bench/move.ts
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { takeBackup } from '../apps/api/src/db/backup/backup';
import { moveToPostgres } from '../apps/api/src/db/move/move-to-postgres';
import {
  ContentCipher,
  generateKeySpec,
  parseDataKeys,
} from '../apps/api/src/lib/crypto/content-cipher';
import {
  DiaryVault,
  resealDiaries,
  verifyDataKeys,
} from '../apps/api/src/modules/diary/diary-vault';
import { createPgliteStorage, createPostgresStorage } from '../scripts/lib/databases.mjs';
import { openStorage } from '../scripts/lib/open-storage';
import { runMain } from '../scripts/lib/processes.mjs';
import { seedUsers, utcToday } from '../scripts/lib/seed';
import { seedDailyHistory } from './lib/daily-history';
import { fmtMs, printTable } from './lib/load';

const USERS = Number(process.env.BENCH_MOVE_USERS ?? 1_000);
const DAYS = 365;
const TASKS_A_DAY = 2;

async function main() {
  const source = await createPgliteStorage('move_source');
  const target = await createPostgresStorage('move_target');
  const keySpec = generateKeySpec();
  try {
    const open = await openStorage(source);
    let backupMs: number;
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
      // Sealed as a server's start seals them: the move carries ciphertext, as in real life.
      const cipher = new ContentCipher(parseDataKeys(keySpec));
      await verifyDataKeys(open.handle.db, cipher);
      await resealDiaries(open.handle.db, new DiaryVault(cipher), { onlyPlaintext: true });
      console.info(
        `pglite: ${USERS} users with a year each, seeded and sealed in ` +
          fmtMs(performance.now() - seedStart),
      );
      const backupStart = performance.now();
      await takeBackup(open.handle);
      backupMs = performance.now() - backupStart;
    } finally {
      await open.close();
    }

    const result = await moveToPostgres({
      databaseUrl: target.env.DATABASE_URL!,
      dataDir: source.env.DATA_DIR!,
      dataEncryptionKey: keySpec,
      log: () => {},
    });
    const rows = Object.values(result.counts).reduce((sum, n) => sum + n, 0);

    const client = new pg.Client({ connectionString: target.env.DATABASE_URL });
    await client.connect();
    try {
      for (const [table, count] of Object.entries(result.counts)) {
        const { rows: found } = await client.query<{ n: string }>(
          `select count(*) as n from public."${table}"`,
        );
        if (Number(found[0]!.n) !== count) {
          throw new Error(`${table}: ${found[0]!.n} rows in PostgreSQL, ${count} moved`);
        }
      }
    } finally {
      await client.end();
    }

    console.info(`\nMoving ${USERS} users with a year of data each from PGlite to PostgreSQL`);
    printTable(
      ['step', 'time', 'rows', 'rows/s'],
      [
        ['reference: backup of the PGlite folder (npm run backup)', fmtMs(backupMs), '', ''],
        [
          'move into a new PostgreSQL database (npm run move-to-postgres)',
          fmtMs(result.milliseconds),
          rows.toLocaleString('en'),
          Math.round(rows / (result.milliseconds / 1000)).toLocaleString('en'),
        ],
      ],
    );
    printTable(
      ['table', 'rows'],
      Object.entries(result.counts).map(([table, n]) => [table, n.toLocaleString('en')]),
    );
  } finally {
    await source.remove();
    await target.remove();
  }
}

runMain(main);
