// A backup made before decision 064 is a tar of the whole DATA_DIR: the key, the push keys, the
// outbox, the lock of a live server and earlier backups came with the database. Restoring it
// brings back the database only, and the restored DATA_DIR opens while that server still runs.
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBackup } from '../../src/db/backup/format';
import { restoreBackup } from '../../src/db/backup/restore';
import { databaseDir, isDatabaseEntry } from '../../src/db/data-layout';
import { openEmbeddedDatabase } from '../../src/db/embedded';
import { generateKeySpec } from '../../src/lib/crypto/content-cipher';
import { tempDir } from './databases';
import { tarEntries } from './running-server';

const SLOW = 120_000;
const folder = tempDir('ws-old-backup-');
afterAll(() => folder.remove());

const SERVER_OWN: Record<string, string> = {
  'encryption.key': '1:the-key-that-must-not-travel\n',
  'vapid.json': '{"privateKey":"push"}',
  'outbox/reset.eml': 'https://example.test/reset?token=live',
  'backups/wellspring-2026-11-01T00-00-00Z.wsbackup': 'an earlier backup',
  // The lock of a server that runs: this test's parent process.
  'wellspring.lock': JSON.stringify({ pid: process.ppid }),
};

describe('restoring a backup of the old layout', () => {
  it(
    'keeps the database and drops the server files that came with it',
    async () => {
      const source = path.join(folder.dir, 'source');
      const db = await openEmbeddedDatabase(source, () => {});
      await db.client.exec("create table kept (note text); insert into kept values ('restored')");
      await db.close();
      for (const name of readdirSync(databaseDir(source))) {
        renameSync(path.join(databaseDir(source), name), path.join(source, name));
      }
      rmdirSync(databaseDir(source));
      for (const [name, text] of Object.entries(SERVER_OWN)) {
        mkdirSync(path.dirname(path.join(source, name)), { recursive: true });
        writeFileSync(path.join(source, name), text);
      }
      // The dump as the previous release took it: PGlite's data directory was DATA_DIR.
      const old = await PGlite.create(source);
      const dump = Buffer.from(await (await old.dumpDataDir('gzip')).arrayBuffer());
      await old.close();
      expect(tarEntries(dump)).toEqual(expect.arrayContaining(['encryption.key', 'outbox']));
      const { bytes } = encodeBackup(
        {
          format: 1,
          database: 'pglite',
          createdAt: '2026-11-28T00:00:00.000Z',
          migrations: { count: 0, last: null },
          keys: [],
          dump: { kind: 'pglite-datadir-tgz' },
        },
        dump,
      );

      const target = path.join(folder.dir, 'target');
      await restoreBackup(bytes, {
        DATA_DIR: target,
        DATA_ENCRYPTION_KEY: generateKeySpec(),
        DATABASE_URL: undefined,
      });
      expect(readdirSync(target)).toEqual(['database']);
      expect(readdirSync(databaseDir(target)).filter((n) => !isDatabaseEntry(n))).toEqual([]);
      for (const name of Object.keys(SERVER_OWN)) {
        expect(existsSync(path.join(databaseDir(target), name)), name).toBe(false);
      }
      const restored = await openEmbeddedDatabase(target, () => {});
      try {
        const { rows } = await restored.client.query<{ note: string }>('select note from kept');
        expect(rows).toEqual([{ note: 'restored' }]);
      } finally {
        await restored.close();
      }
    },
    SLOW,
  );
});
