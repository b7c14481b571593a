import { readFileSync } from 'node:fs';
import { loadEnv } from '../config/env';
import { restoreBackup } from './backup/restore';

/**
 * `npm run restore FILE`: restores a backup into an empty database (an empty or new DATA_DIR, or
 * a PostgreSQL database without tables), after checking its encryption key (decision 043).
 */
async function main() {
  const env = loadEnv();
  const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (!file) throw new Error('usage: npm run restore FILE');
  const { manifest, wroteKeyFile } = await restoreBackup(readFileSync(file), env);
  console.info(
    `restored ${file}: a ${manifest.database} backup of ${manifest.createdAt}, ` +
      `${manifest.migrations.count} migrations (last ${manifest.migrations.last ?? 'none'}).` +
      (wroteKeyFile ? ` Its encryption key was written to ${env.DATA_DIR}/encryption.key.` : '') +
      ' Start the server: it applies any newer migrations.',
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
