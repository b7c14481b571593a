// npm run backup / npm run restore on real databases: the restored rows are the backed-up rows,
// diaries read, and every refusal (not empty, different key, no key) changes nothing. Decision 043.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeBackup, writeFileAtomically } from '../../src/db/backup/backup';
import { decodeBackup } from '../../src/db/backup/format';
import { restoreBackup, type RestoreEnv } from '../../src/db/backup/restore';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/migrate';
import { diaries, users } from '../../src/db/schema';
import { createUserAccount } from '../../src/modules/user/create-user';
import {
  ContentCipher,
  generateKeySpec,
  loadOrCreateKeyFile,
  parseDataKeys,
} from '../../src/lib/crypto/content-cipher';
import { DiaryVault, verifyDataKeys } from '../../src/modules/diary/diary-vault';
import { createTestApp } from '../app';
import { TEST_DB } from '../database';
import { buildDiary, buildGoal, buildTask, buildUser } from '../factories';
import { createBackupPostgres, snapshotRows, tempDir } from './databases';

const SLOW = 180_000;
const kinds = TEST_DB === 'postgres' ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/** A few users with goals, tasks and diaries, written through the app's own code. */
async function fillWithData(handle: DatabaseHandle, cipher: ContentCipher): Promise<string[]> {
  const ctx = await createTestApp({ database: { handle, destroy: async () => {} }, cipher });
  const texts: string[] = [];
  try {
    for (let u = 0; u < 3; u++) {
      const user = await buildUser(ctx, { name: `Backup ${u}` });
      const goal = await buildGoal(ctx, user, { earned: 120 });
      await buildTask(ctx, user, goal.id, { status: 'Completed' });
      await buildTask(ctx, user, goal.id, { offset: 1 });
      for (const day of ['2026-11-01', '2026-11-02']) {
        const text = `Entry of ${user.name} on ${day}: the river was high.`;
        await buildDiary(ctx, user, day, text);
        texts.push(text);
      }
    }
  } finally {
    await ctx.app.close();
  }
  return texts.sort();
}

async function readDiaries(handle: DatabaseHandle, cipher: ContentCipher): Promise<string[]> {
  const vault = new DiaryVault(cipher);
  return (await handle.db.select().from(diaries)).map((row) => vault.open(row)).sort();
}

describe.each(kinds)('backup and restore on %s', (kind) => {
  const folder = tempDir(`ws-backup-${kind}-`);
  let keySpec: string;
  let cipher: ContentCipher;
  let sourceEnv: RestoreEnv;
  let backupFile: string;
  let before: Record<string, string[]>;
  let texts: string[];
  const drops: (() => Promise<void>)[] = [];

  /** An empty target of this kind, with the given key configured (none: undefined). */
  async function emptyTarget(key: string | undefined, name: string): Promise<RestoreEnv> {
    const dataDir = path.join(folder.dir, name);
    if (kind === 'pglite') {
      if (key !== undefined) {
        mkdirSync(dataDir, { recursive: true, mode: 0o700 });
        writeFileSync(path.join(dataDir, 'encryption.key'), `${key}\n`, { mode: 0o600 });
      }
      return { DATA_DIR: dataDir, DATABASE_URL: undefined, DATA_ENCRYPTION_KEY: undefined };
    }
    const target = await createBackupPostgres();
    drops.push(target.drop);
    return { DATA_DIR: dataDir, DATABASE_URL: target.url, DATA_ENCRYPTION_KEY: key };
  }

  async function open(env: RestoreEnv): Promise<DatabaseHandle> {
    return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
  }

  beforeAll(async () => {
    if (kind === 'pglite') {
      const dataDir = path.join(folder.dir, 'source');
      keySpec = loadOrCreateKeyFile(dataDir);
      sourceEnv = { DATA_DIR: dataDir, DATABASE_URL: undefined, DATA_ENCRYPTION_KEY: undefined };
    } else {
      keySpec = generateKeySpec();
      sourceEnv = await emptyTarget(keySpec, 'source');
    }
    cipher = new ContentCipher(parseDataKeys(keySpec));
    const source = await open(sourceEnv);
    try {
      await prepareDatabase(source);
      await verifyDataKeys(source.db, cipher);
      texts = await fillWithData(source, cipher);
      before = await snapshotRows(source);
      const { bytes } = await takeBackup(source, { databaseUrl: sourceEnv.DATABASE_URL });
      backupFile = path.join(folder.dir, 'backups', `source.wsbackup`);
      writeFileAtomically(backupFile, bytes);
    } finally {
      await source.close();
    }
  }, SLOW);

  afterAll(async () => {
    for (const drop of drops) await drop();
    folder.remove();
  });

  it('writes one owner-only file whose manifest names the database, migrations and key checks, never the key', () => {
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    const text = readFileSync(backupFile);
    const { manifest } = decodeBackup(text);
    expect(manifest.database).toBe(kind);
    expect(manifest.migrations.count).toBe(before['drizzle.__drizzle_migrations']!.length);
    expect(manifest.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.keys.map((k) => k.version)).toEqual([1]);
    expect(manifest.includedKey).toBeUndefined();
    const key = parseDataKeys(keySpec)[0]!.key.toString('base64');
    expect(text.includes(Buffer.from(key))).toBe(false);
  });

  it(
    'restores into an empty database: every row identical and every diary readable',
    async () => {
      const target = await emptyTarget(keySpec, 'restored');
      await restoreBackup(readFileSync(backupFile), target);
      const restored = await open(target);
      try {
        expect(await snapshotRows(restored)).toEqual(before);
        expect(await readDiaries(restored, cipher)).toEqual(texts);
        await prepareDatabase(restored); // The server's start on it applies nothing new.
        await verifyDataKeys(restored.db, cipher);
      } finally {
        await restored.close();
      }
    },
    SLOW,
  );

  it(
    'refuses a database that is not empty and changes nothing',
    async () => {
      await expect(restoreBackup(readFileSync(backupFile), sourceEnv)).rejects.toThrow(
        /not empty.*Nothing was changed/s,
      );
      const source = await open(sourceEnv);
      try {
        expect(await snapshotRows(source)).toEqual(before);
      } finally {
        await source.close();
      }
    },
    SLOW,
  );

  it(
    'refuses a backup made with a different encryption key and changes nothing',
    async () => {
      const target = await emptyTarget(generateKeySpec(), 'other-key');
      const listing = existsSync(target.DATA_DIR) ? readdirSync(target.DATA_DIR) : [];
      await expect(restoreBackup(readFileSync(backupFile), target)).rejects.toThrow(
        'This backup was made with a different encryption key',
      );
      expect(existsSync(target.DATA_DIR) ? readdirSync(target.DATA_DIR) : []).toEqual(listing);
      if (kind === 'postgres') {
        const handle = await open(target);
        try {
          expect(Object.keys(await snapshotRows(handle))).toEqual([]);
        } finally {
          await handle.close();
        }
      }
    },
    SLOW,
  );

  // The embedded database only: PostgreSQL always has DATA_ENCRYPTION_KEY configured.
  const embeddedOnly = kind === 'pglite' ? it : () => {};

  embeddedOnly(
    'with --include-key, a backup restores where no key is configured, and the key goes in the key file',
    async () => {
      const source = await open(sourceEnv);
      let bytes: Buffer;
      try {
        ({ bytes } = await takeBackup(source, { includedKey: keySpec }));
      } finally {
        await source.close();
      }
      expect(decodeBackup(bytes).manifest.includedKey).toBe(keySpec);
      const target = await emptyTarget(undefined, 'with-key');
      const { wroteKeyFile } = await restoreBackup(bytes, target);
      expect(wroteKeyFile).toBe(true);
      const keyFile = path.join(target.DATA_DIR, 'encryption.key');
      expect(readFileSync(keyFile, 'utf8').trim()).toBe(keySpec);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const restored = await open(target);
      try {
        expect(await readDiaries(restored, cipher)).toEqual(texts);
      } finally {
        await restored.close();
      }
    },
    SLOW,
  );

  embeddedOnly('without a key anywhere, stops and says to copy the key file in first', async () => {
    const target = await emptyTarget(undefined, 'no-key');
    await expect(restoreBackup(readFileSync(backupFile), target)).rejects.toThrow(
      /There is no encryption key in .*copy the encryption.key/,
    );
    expect(existsSync(target.DATA_DIR)).toBe(false);
  });

  it(
    'a backup taken while writes run holds every write acknowledged before it started',
    async () => {
      const source = await open(sourceEnv);
      let bytes: Buffer;
      const acknowledged: string[] = [];
      try {
        let writing = true;
        const writer = (async () => {
          for (let i = 0; writing; i++) {
            const email = `busy-${i}@example.test`;
            await source.db.transaction((tx) =>
              createUserAccount(tx, { name: `Busy ${i}`, email, timeZone: 'UTC' }, new Date()),
            );
            acknowledged.push(email);
            // As requests arrive, from the event loop: PGlite answers in microtasks alone.
            await new Promise((resolve) => setImmediate(resolve));
          }
        })();
        // Ten writes in (a writer that fails stops the wait with its error).
        await Promise.race([
          writer.then(() => {
            throw new Error('the writer stopped');
          }),
          (async () => {
            while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 5));
          })(),
        ]);
        const before = [...acknowledged];
        ({ bytes } = await takeBackup(source, { databaseUrl: sourceEnv.DATABASE_URL }));
        writing = false;
        await writer;
        const target = await emptyTarget(keySpec, 'busy');
        await restoreBackup(bytes, target);
        const restored = await open(target);
        try {
          const emails = new Set((await restored.db.select().from(users)).map((u) => u.email));
          for (const email of before) expect(emails.has(email), email).toBe(true);
          expect(await readDiaries(restored, cipher)).toEqual(texts);
        } finally {
          await restored.close();
        }
      } finally {
        await source.close();
      }
    },
    SLOW,
  );

  it('refuses a damaged file', async () => {
    const bytes = readFileSync(backupFile);
    const cut = bytes.subarray(0, bytes.length - 10);
    await expect(restoreBackup(cut, await emptyTarget(keySpec, 'cut'))).rejects.toThrow(
      /damaged or cut short/,
    );
  });
});
