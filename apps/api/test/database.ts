import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';

/** Which database the API suite runs on: PGlite by default, PostgreSQL with TEST_DB=postgres. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  destroy(): Promise<void>;
}

/**
 * A new, empty PostgreSQL database of a unique name (`<prefix>_<time>_<random>`), its URL, and how
 * to drop it: every suite that needs a database of its own makes it here.
 */
export async function createEmptyPostgres(
  prefix = 'wellspring_test',
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL suite needs a server at ${POSTGRES_ADMIN_URL} and cannot reach it ` +
        `(${(error as Error).message}). Start it, or set TEST_POSTGRES_URL.`,
    );
  }
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A PostgreSQL database of its own, empty or a copy of `template`, opened with a pool of
 * `poolMax`; closed and dropped on destroy.
 */
export async function openPostgres(
  prefix: string,
  poolMax: number,
  template?: string,
): Promise<TestDatabase & { name: string; drop(): Promise<void> }> {
  const database = await createEmptyPostgres(prefix, template);
  const handle = await openDatabase({ databaseUrl: database.url, poolMax });
  return {
    name: database.name,
    handle,
    drop: database.drop,
    async destroy() {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * A fresh, migrated and seeded database for one test file, copied from the one global-setup.ts
 * made for the run: on PGlite loaded from its dump, on PostgreSQL with CREATE DATABASE's TEMPLATE.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'postgres') {
    return openPostgres('wellspring_test', 10, inject('postgresTemplate'));
  }
  const template = new Blob([await readFile(inject('pgliteTemplate'))]);
  const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: template });
  return { handle, destroy: () => handle.close() };
}
