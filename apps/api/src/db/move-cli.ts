import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../config/env';
import { VAPID_KEY_FILE } from '../lib/crypto/vapid-keys';
import { moveToPostgres } from './move/move-to-postgres';

/**
 * `npm run move-to-postgres [-- FILE]`: copies the whole embedded instance (DATA_DIR, its server
 * stopped, or a backup FILE of it) into the empty PostgreSQL database at DATABASE_URL, checking
 * first that the configured key reads its diaries (decision 047, docs/OPERATIONS.md).
 */
async function main() {
  const env = loadEnv();
  const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (!env.DATABASE_URL) {
    throw new Error(
      'Set DATABASE_URL to the new, empty PostgreSQL database to move into ' +
        '(usage: DATABASE_URL=postgres://… npm run move-to-postgres [-- BACKUP_FILE]).',
    );
  }
  const result = await moveToPostgres({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    backupFile: file,
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
  });
  const rows = Object.values(result.counts).reduce((sum, n) => sum + n, 0);
  console.info(
    `moved ${result.source} into PostgreSQL: ${rows.toLocaleString('en')} rows in ` +
      `${Object.keys(result.counts).length} tables, ${(result.milliseconds / 1000).toFixed(1)} s.`,
  );
  console.info(
    'The diaries were copied sealed, as they were: run the PostgreSQL server with ' +
      (result.keyOrigin === 'DATA_ENCRYPTION_KEY'
        ? 'this same DATA_ENCRYPTION_KEY'
        : `DATA_ENCRYPTION_KEY set to the contents of ${result.keyOrigin} (this command does not print it)`) +
      ', or it will refuse to start.',
  );
  if (!env.VAPID_PUBLIC_KEY && existsSync(path.join(env.DATA_DIR, VAPID_KEY_FILE))) {
    console.info(
      `Reminders: devices subscribed with the keys in ${path.join(env.DATA_DIR, VAPID_KEY_FILE)}; ` +
        'run the server with the same DATA_DIR, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY ' +
        'from that file, so they keep receiving them.',
    );
  }
  console.info('Then start the server with DATABASE_URL set, and sign in to check.');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
