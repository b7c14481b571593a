import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { timeQueries } from '../lib/metrics';
import { openEmbeddedDatabase } from './embedded';
import * as schema from './schema';

export type Schema = typeof schema;
/** One Drizzle database type for both drivers: every query is written against it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Either the database or a transaction: what repository functions run their queries on. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Closes the connections (and, for PGlite, flushes its files). */
  close(): Promise<void>;
  /** The raw client, for migrations. */
  pglite?: PGlite;
  pool?: pg.Pool;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite's data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** In memory only: the database to start from, as PGlite's `dumpDataDir` wrote it. */
  loadDataDir?: Blob;
  poolMax?: number;
  /** Told when an idle PostgreSQL connection fails. */
  onIdleError?: (error: Error) => void;
  /** Told when the embedded database recovered from an unclean stop (console.warn by default). */
  onNotice?: (message: string) => void;
}

// Bigint counts come back as strings from node-postgres; the values here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle connection that the server drops (a restart, a failover) must not crash the process:
    // the pool discards it and the next query opens a new one.
    pool.on('error', (error) => options.onIdleError?.(error));
    // Every round trip timed for /metrics: pool.query and transactions both go through a client.
    pool.on('connect', (client) => {
      client.query = timeQueries(client.query as never);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (dataDir.startsWith('memory://')) {
    const client = timeEmbeddedQueries(
      await PGlite.create(dataDir, { loadDataDir: options.loadDataDir }),
    );
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return { db, kind: 'pglite', pglite: client, close: () => client.close() };
  }
  // On disk: one process per directory, and commits flushed to the disk before they are answered
  // (see embedded.ts and docs/decisions/015-embedded-database-durability.md).
  const embedded = await openEmbeddedDatabase(dataDir, options.onNotice);
  timeEmbeddedQueries(embedded.client);
  const db = drizzlePglite(embedded.client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', pglite: embedded.client, close: () => embedded.close() };
}

/** PGlite's queries timed for /metrics: those outside a transaction and those inside one. */
function timeEmbeddedQueries(client: PGlite): PGlite {
  client.query = timeQueries(client.query.bind(client) as never);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      tx.query = timeQueries(tx.query.bind(tx) as never);
      return callback(tx);
    });
  return client;
}
