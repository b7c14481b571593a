import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../config/env';
import { INCLUDED_KEY_WARNING, takeBackup, writeFileAtomically } from './backup/backup';
import { backupFileName } from './backup/format';
import { requestBackupFromServer, takesRequests } from './backup/server-request';
import { openDatabase } from './client';
import { hasEmbeddedDatabase } from './data-layout';
import { dataDirHolder } from './embedded';

/**
 * `npm run backup [-- --out DIR] [--include-key]`: one consistent backup file of the configured
 * database, 0600, into DATA_DIR/backups or DIR (decision 043). With the embedded database and a
 * server running on DATA_DIR, the server takes it (it holds the directory).
 */
async function main() {
  const env = loadEnv();
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  if (outAt >= 0 && !args[outAt + 1]) throw new Error('--out needs a directory: --out DIR');
  const outDir = path.resolve(outAt >= 0 ? args[outAt + 1]! : path.join(env.DATA_DIR, 'backups'));
  const includeKey = args.includes('--include-key');
  const file = path.join(outDir, backupFileName(new Date()));
  let includedKey: string | undefined;
  if (includeKey) {
    console.warn(INCLUDED_KEY_WARNING);
    const keyFile = path.join(env.DATA_DIR, 'encryption.key');
    includedKey =
      env.DATA_ENCRYPTION_KEY ??
      (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined);
    if (!includedKey)
      throw new Error('--include-key: no key is configured (no key file, no DATA_ENCRYPTION_KEY)');
  }

  if (!env.DATABASE_URL) {
    if (!hasEmbeddedDatabase(env.DATA_DIR)) {
      throw new Error(`There is no embedded database in DATA_DIR ${env.DATA_DIR} to back up.`);
    }
    const pid = dataDirHolder(env.DATA_DIR);
    if (pid !== undefined && !takesRequests(env.DATA_DIR, pid)) {
      throw new Error(
        `DATA_DIR ${env.DATA_DIR} is in use by process ${pid}, which is not a running server of ` +
          'this release (a migration, a key rotation, another backup, or a server still starting). ' +
          'Wait for it to finish and run the backup again. Nothing was written.',
      );
    }
    if (pid !== undefined) {
      console.info(`the server (process ${pid}) holds ${env.DATA_DIR}: asking it for the backup…`);
      await requestBackupFromServer({ dataDir: env.DATA_DIR, pid, request: { file, includeKey } });
      console.info(`backup written: ${file}`);
      return;
    }
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: 2,
  });
  try {
    const { bytes, manifest } = await takeBackup(database, {
      databaseUrl: env.DATABASE_URL,
      includedKey,
    });
    writeFileAtomically(file, bytes);
    console.info(
      `backup written: ${file} (${database.kind}, ${bytes.byteLength} bytes, ` +
        `${manifest.migrations.count} migrations, key versions ${manifest.keys.map((k) => k.version).join(', ') || 'none'})`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
