// The commands themselves, as an operator runs them: `npm run backup` with the embedded database
// closed (it opens the directory) and held by a running server (it asks the server), and on
// PostgreSQL; `npm run restore` into an empty database, and its refusal of a non-empty one.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBackup } from '../../src/db/backup/format';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/migrate';
import { diaries } from '../../src/db/schema';
import {
  ContentCipher,
  generateKeySpec,
  loadOrCreateKeyFile,
  parseDataKeys,
} from '../../src/lib/crypto/content-cipher';
import { API_ROOT } from '../../src/lib/paths';
import { DiaryVault, verifyDataKeys } from '../../src/modules/diary/diary-vault';
import { createUserAccount } from '../../src/modules/user/create-user';
import { TEST_DB } from '../database';
import { freePort } from '../dev-sign-in';
import { createBackupPostgres, tempDir } from './databases';

const SLOW = 240_000;
const TSX = path.join(API_ROOT, '..', '..', 'node_modules', '.bin', 'tsx');
const folder = tempDir('ws-backup-cli-');

/** Runs one of the API's scripts to its end; answers its exit code and output. */
function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(TSX, [path.join(API_ROOT, 'src', script), ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A database of this kind with one user and one sealed diary entry. */
async function fill(handle: DatabaseHandle, cipher: ContentCipher): Promise<void> {
  await prepareDatabase(handle);
  await verifyDataKeys(handle.db, cipher);
  const user = await handle.db.transaction((tx) =>
    createUserAccount(tx, { name: 'Cli', email: 'cli@example.test', timeZone: 'UTC' }, new Date()),
  );
  const sealed = new DiaryVault(cipher).seal(user.id, '2026-11-24', 'Backed up from the shell.');
  await handle.db
    .insert(diaries)
    .values({ userId: user.id, localDate: '2026-11-24', ...sealed, createdAt: new Date() });
}

async function diaryTexts(handle: DatabaseHandle, cipher: ContentCipher): Promise<string[]> {
  const vault = new DiaryVault(cipher);
  return (await handle.db.select().from(diaries)).map((row) => vault.open(row));
}

afterAll(() => folder.remove());

describe('npm run backup and npm run restore on the embedded database', () => {
  const source = path.join(folder.dir, 'source');
  let cipher: ContentCipher;

  beforeAll(async () => {
    cipher = new ContentCipher(parseDataKeys(loadOrCreateKeyFile(source)));
    const handle = await openDatabase({ dataDir: source });
    try {
      await fill(handle, cipher);
    } finally {
      await handle.close();
    }
  }, SLOW);

  it(
    'backs up a closed DATA_DIR into --out, restores it into a new one, refuses a full one',
    async () => {
      const out = path.join(folder.dir, 'closed-backups');
      const backup = await run('db/backup-cli.ts', ['--out', out], { DATA_DIR: source });
      expect(backup.code, backup.output).toBe(0);
      const [name] = readdirSync(out);
      const file = path.join(out, name!);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(decodeBackup(readFileSync(file)).manifest.database).toBe('pglite');

      const target = path.join(folder.dir, 'restored');
      mkdirSync(target, { mode: 0o700 });
      cpSync(path.join(source, 'encryption.key'), path.join(target, 'encryption.key'));
      const restore = await run('db/restore-cli.ts', [file], { DATA_DIR: target });
      expect(restore.code, restore.output).toBe(0);
      const handle = await openDatabase({ dataDir: target });
      try {
        expect(await diaryTexts(handle, cipher)).toEqual(['Backed up from the shell.']);
      } finally {
        await handle.close();
      }

      const again = await run('db/restore-cli.ts', [file], { DATA_DIR: target });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/is not empty .*Nothing was changed/s);
    },
    SLOW,
  );

  it(
    'never signals a process holding DATA_DIR that is not a server taking backups',
    async () => {
      const handle = await openDatabase({ dataDir: source }); // Held here, as a migration would.
      try {
        const out = path.join(folder.dir, 'held-backups');
        const backup = await run('db/backup-cli.ts', ['--out', out], { DATA_DIR: source });
        expect(backup.code).toBe(1);
        expect(backup.output).toMatch(
          new RegExp(`in use by process ${process.pid}, which is not a running server`),
        );
        expect(existsSync(out)).toBe(false);
      } finally {
        await handle.close();
      }
    },
    SLOW,
  );

  it(
    'asks a server running on DATA_DIR for the backup instead of opening the directory',
    async () => {
      const port = await freePort();
      const server = spawn(TSX, [path.join(API_ROOT, 'src', 'server.ts')], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATA_DIR: source,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
          WEB_DIST_DIR: '/nonexistent-web-dist',
        },
      });
      let log = '';
      server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
      const exited = new Promise((resolve) => server.on('exit', resolve));
      try {
        // Ready once the schedule runs: /api/ready where it exists, else the health check.
        const deadline = Date.now() + 120_000;
        for (;;) {
          const status = await fetch(`http://127.0.0.1:${port}/api/ready`)
            .then((r) => r.status)
            .catch(() => 0);
          if (status === 200) break;
          if (Date.now() > deadline || server.exitCode !== null) throw new Error(log);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const backup = await run('db/backup-cli.ts', [], { DATA_DIR: source });
        expect(backup.code, `${backup.output}\n${log}`).toBe(0);
        expect(backup.output).toMatch(/the server \(process \d+\) holds/);
        const names = readdirSync(path.join(source, 'backups')).filter((n) =>
          /^wellspring-.*Z\.wsbackup$/.test(n),
        );
        expect(names).toHaveLength(1);
        const file = path.join(source, 'backups', names[0]!);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(decodeBackup(readFileSync(file)).manifest.keys.map((k) => k.version)).toEqual([1]);
      } finally {
        server.kill('SIGTERM');
        await exited;
      }
    },
    SLOW,
  );
});

describe.runIf(TEST_DB === 'postgres')('npm run backup and npm run restore on PostgreSQL', () => {
  it(
    'backs up with pg_dump and restores into an empty database, refusing a full one',
    async () => {
      const key = generateKeySpec();
      const cipher = new ContentCipher(parseDataKeys(key));
      const sourceDb = await createBackupPostgres();
      const targetDb = await createBackupPostgres();
      try {
        const handle = await openDatabase({ databaseUrl: sourceDb.url, poolMax: 2 });
        try {
          await fill(handle, cipher);
        } finally {
          await handle.close();
        }
        const out = path.join(folder.dir, 'pg-backups');
        const env = { DATABASE_URL: sourceDb.url, DATA_ENCRYPTION_KEY: key, DATA_DIR: out };
        const backup = await run('db/backup-cli.ts', ['--out', out], env);
        expect(backup.code, backup.output).toBe(0);
        const file = path.join(
          out,
          readdirSync(out).find((n) => n.endsWith('.wsbackup'))!,
        );
        expect(decodeBackup(readFileSync(file)).manifest.dump.kind).toBe('pg-dump-custom');

        const restore = await run('db/restore-cli.ts', [file], {
          ...env,
          DATABASE_URL: targetDb.url,
        });
        expect(restore.code, restore.output).toBe(0);
        const restored = await openDatabase({ databaseUrl: targetDb.url, poolMax: 2 });
        try {
          expect(await diaryTexts(restored, cipher)).toEqual(['Backed up from the shell.']);
        } finally {
          await restored.close();
        }
        const again = await run('db/restore-cli.ts', [file], {
          ...env,
          DATABASE_URL: targetDb.url,
        });
        expect(again.code).toBe(1);
        expect(again.output).toMatch(/is not empty .*Nothing was changed/s);
      } finally {
        await sourceDb.drop();
        await targetDb.drop();
      }
    },
    SLOW,
  );
});
