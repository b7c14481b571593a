// npm run move-to-postgres (decision 047): a whole embedded instance copied into PostgreSQL keeps
// every row, every user signs in and reads their diaries, every derived figure is unchanged; a
// target holding data and a wrong key are refused, changing nothing. Needs PostgreSQL (test:pg).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeBackup, writeFileAtomically } from '../../src/db/backup/backup';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/migrate';
import { moveToPostgres } from '../../src/db/move/move-to-postgres';
import { generateKeySpec } from '../../src/lib/crypto/content-cipher';
import { API_ROOT } from '../../src/lib/paths';
import { verifyDataKeys } from '../../src/modules/diary/diary-vault';
import { createUserAccount } from '../../src/modules/user/create-user';
import { call, createTestApp } from '../app';
import { TEST_DB } from '../database';
import { createBackupPostgres, snapshotRows, tempDir } from '../backup/databases';
import {
  answersOf,
  buildEmbeddedInstance,
  readDiaries,
  type EmbeddedInstance,
} from './embedded-instance';

const SLOW = 240_000;
const TSX = path.join(API_ROOT, '..', '..', 'node_modules', '.bin', 'tsx');

/** The command as an operator runs it; answers its exit code and output. */
function runMoveCli(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(TSX, [path.join(API_ROOT, 'src', 'db', 'move-cli.ts')], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe.runIf(TEST_DB === 'postgres')('moving the embedded database to PostgreSQL', () => {
  const folder = tempDir('ws-move-');
  const drops: (() => Promise<void>)[] = [];
  let instance: EmbeddedInstance;
  let before: Record<string, string[]>;
  let texts: string[];
  let backupFile: string;

  async function openEmbedded(): Promise<DatabaseHandle> {
    return openDatabase({ dataDir: instance.dataDir });
  }

  /** A new PostgreSQL database, dropped after the file. */
  async function newPostgres(): Promise<string> {
    const target = await createBackupPostgres();
    drops.push(target.drop);
    return target.url;
  }

  async function rowsOf(url: string): Promise<Record<string, string[]>> {
    const handle = await openDatabase({ databaseUrl: url, poolMax: 2 });
    try {
      return await snapshotRows(handle);
    } finally {
      await handle.close();
    }
  }

  async function expectSourceUnchanged(): Promise<void> {
    const source = await openEmbedded();
    try {
      expect(await snapshotRows(source)).toEqual(before);
    } finally {
      await source.close();
    }
  }

  beforeAll(async () => {
    instance = await buildEmbeddedInstance(path.join(folder.dir, 'data'));
    const source = await openEmbedded();
    try {
      before = await snapshotRows(source);
      texts = await readDiaries(source, instance.cipher);
      backupFile = path.join(folder.dir, 'backups', 'embedded.wsbackup');
      writeFileAtomically(backupFile, (await takeBackup(source)).bytes);
    } finally {
      await source.close();
    }
  }, SLOW);

  afterAll(async () => {
    for (const drop of drops) await drop();
    folder.remove();
  });

  it('is an instance worth moving: password, Google and rich accounts, diaries, won backgrounds', () => {
    expect(instance.users).toHaveLength(5);
    expect(before['public.password_credentials']).toHaveLength(3);
    expect(before['public.identities']).toHaveLength(1);
    expect(before['public.diaries']!.length).toBeGreaterThan(15);
    expect(before['public.user_preferences']).toHaveLength(1);
    const rich = instance.answers.get(instance.users[3]!.id)!;
    expect(JSON.stringify(rich.goalAll)).toContain('"hasClaimedReward":true');
    expect((rich.backgrounds as { data: unknown[] }).data.length).toBeGreaterThan(1);
  });

  it(
    'refuses a PostgreSQL database that holds data, and changes nothing on either side',
    async () => {
      const url = await newPostgres();
      const target = await openDatabase({ databaseUrl: url, poolMax: 2 });
      try {
        await prepareDatabase(target);
        await target.db.transaction((tx) =>
          createUserAccount(
            tx,
            { name: 'Early Bird', email: 'early@example.test', timeZone: 'UTC' },
            new Date(),
          ),
        );
      } finally {
        await target.close();
      }
      const targetBefore = await rowsOf(url);
      await expect(
        moveToPostgres({ databaseUrl: url, dataDir: instance.dataDir, log: () => {} }),
      ).rejects.toThrow(/already holds data \(in .*users.*\).*Nothing was changed/s);
      expect(await rowsOf(url)).toEqual(targetBefore);
      await expectSourceUnchanged();
    },
    SLOW,
  );

  it(
    'stops with a clear message when the key is not the instance’s, and changes nothing',
    async () => {
      const url = await newPostgres();
      await expect(
        moveToPostgres({
          databaseUrl: url,
          dataDir: instance.dataDir,
          dataEncryptionKey: generateKeySpec(),
          log: () => {},
        }),
      ).rejects.toThrow(
        /The encryption key configured \(DATA_ENCRYPTION_KEY\) is not the key this instance was written with.*Nothing was changed/s,
      );
      expect(await rowsOf(url)).toEqual({}); // Not even the migrations ran.
      await expectSourceUnchanged();
    },
    SLOW,
  );

  it(
    'npm run move-to-postgres stops while another process holds DATA_DIR, and changes nothing',
    async () => {
      const url = await newPostgres();
      const holder = await openEmbedded(); // Held here, as a running server holds it.
      try {
        const cli = await runMoveCli({ DATA_DIR: instance.dataDir, DATABASE_URL: url });
        expect(cli.code).toBe(1);
        expect(cli.output).toContain(
          `DATA_DIR ${instance.dataDir} is in use by process ${process.pid}: stop the server first`,
        );
        expect(cli.output).toContain('Nothing was changed.');
      } finally {
        await holder.close();
      }
      expect(await rowsOf(url)).toEqual({});
    },
    SLOW,
  );

  it(
    'moves every row; on PostgreSQL every user signs in, reads their diaries and sees the same figures',
    async () => {
      const url = await newPostgres();
      const lines: string[] = [];
      const result = await moveToPostgres({
        databaseUrl: url,
        dataDir: instance.dataDir,
        log: (line) => lines.push(line),
      });
      expect(result.keyOrigin).toBe(path.join(instance.dataDir, 'encryption.key'));
      expect(result.counts.users).toBe(5);
      expect(result.counts.diaries).toBe(before['public.diaries']!.length);
      expect(lines).toContain(`  diaries: ${result.counts.diaries} rows`);
      expect(await rowsOf(url)).toEqual(before);

      const target = await openDatabase({ databaseUrl: url, poolMax: 4 });
      const ctx = await createTestApp({
        database: { handle: target, destroy: async () => {} },
        cipher: instance.cipher,
        clock: instance.clock,
      });
      try {
        // What the server's start does on it: nothing to migrate, the key checks open.
        await prepareDatabase(target);
        await verifyDataKeys(target.db, instance.cipher);
        expect(await readDiaries(target, instance.cipher)).toEqual(texts);
        for (const user of instance.users) {
          let token = user.token; // Sessions moved too: a signed-in device stays signed in.
          if (user.password) {
            const login = await call(ctx.app, 'POST', '/api/v1/auth/login', {
              body: { email: user.email, password: user.password },
            });
            expect(login.statusCode, login.body).toBe(200);
            token = login.json().token as string;
          }
          // Profile and streak, points and goals, tasks, diaries (opened), history, backgrounds.
          expect(await answersOf(ctx, { id: user.id, token })).toEqual(
            instance.answers.get(user.id),
          );
        }
      } finally {
        await ctx.close();
        await target.close();
      }
      await expectSourceUnchanged();
    },
    SLOW,
  );

  it(
    'moves from a backup file of the embedded database as well',
    async () => {
      const url = await newPostgres();
      const result = await moveToPostgres({
        databaseUrl: url,
        dataDir: path.join(folder.dir, 'no-such-dir'),
        backupFile,
        dataEncryptionKey: instance.keySpec,
        log: () => {},
      });
      expect(result.source).toBe(`backup ${backupFile}`);
      expect(await rowsOf(url)).toEqual(before);
    },
    SLOW,
  );
});
