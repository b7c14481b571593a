import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { prepareDatabase } from '../src/db/migrate';

/** Which database the API suite runs on: PGlite by default, PostgreSQL with TEST_DB=postgres. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  destroy(): Promise<void>;
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `wellspring_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL suite needs a server at ${POSTGRES_ADMIN_URL} and cannot reach it ` +
        `(${(error as Error).message}). Start it, or set TEST_POSTGRES_URL.`,
    );
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 10 });
  await prepareDatabase(handle);
  return {
    handle,
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A fresh, migrated and seeded database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'postgres') return createPostgresDatabase();
  const handle = await openDatabase({ dataDir: 'memory://' });
  await prepareDatabase(handle);
  return { handle, destroy: () => handle.close() };
}
