import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { MIGRATIONS_DIR } from '../lib/paths';
import type { DatabaseHandle } from './client';
import { seedContent } from './seed';

/** A fixed key for the advisory lock that keeps concurrent starts from migrating at once. */
const MIGRATION_LOCK_KEY = 727_274_001;

/** Applies pending migrations and the seed content; safe to run on every start, by many processes. */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'postgres' && handle.pool) {
    const client = await handle.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePg(handle.db as unknown as NodePgDatabase, {
          migrationsFolder: MIGRATIONS_DIR,
        });
        await seedContent(handle.db);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
    return;
  }
  await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
  await seedContent(handle.db);
}

/** A cheap round trip: is the database answering? */
export async function pingDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`select 1`);
}
