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

/**
 * How long a transaction on the embedded database may be seen open before a ping waits for it
 * after all: far longer than the largest import (seconds), short enough to catch a stuck one.
 */
export const EMBEDDED_BUSY_GRACE_MS = 30_000;
/** Since when each embedded database has been seen inside a transaction, ping after ping. */
const busySince = new WeakMap<DatabaseHandle, number>();

/**
 * A cheap round trip: is the database answering? PGlite runs one transaction at a time and
 * queues every other query behind it, so on PGlite a ping made while a transaction is open (a
 * large import holds one for seconds) would time the queue, not the database: the open
 * transaction, at work, is the answer. One seen open for longer than EMBEDDED_BUSY_GRACE_MS is
 * waited for, so a stuck database still fails its health check.
 */
export async function pingDatabase(handle: DatabaseHandle, now = Date.now()): Promise<void> {
  if (handle.pglite?.isInTransaction()) {
    const since = busySince.get(handle) ?? now;
    busySince.set(handle, since);
    if (now - since < EMBEDDED_BUSY_GRACE_MS) return;
  } else {
    busySince.delete(handle);
  }
  await handle.db.execute(sql`select 1`);
}
