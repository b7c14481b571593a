import { loadEnv } from '../config/env';
import { openDatabase } from './client';
import { prepareDatabase } from './migrate';

/** `npm run db:migrate`: applies migrations and seed content, then exits. */
async function main() {
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: 2,
  });
  try {
    await prepareDatabase(database);
    console.info(`migrations and seed content applied (${database.kind})`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
