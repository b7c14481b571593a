/**
 * Storage for the benches: a fresh PostgreSQL database (created and dropped here) or a temporary
 * PGlite folder, opened in this process to migrate and seed with plain SQL.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/db/client';
import { prepareDatabase } from '../../apps/api/src/db/migrate';
import { onCleanup } from './processes';

export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Row = Record<string, unknown>;
/** One SQL statement with $n parameters, on either driver; answers the rows. */
export type Query = (text: string, params?: unknown[]) => Promise<Row[]>;

export interface Storage {
  kind: 'pglite' | 'postgres';
  /** The environment that points a server at it (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /** Removes it (drops the database, deletes the folder). */
  remove(): Promise<void>;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Makes sure the local PostgreSQL answers, starting the cluster if it is down. */
export async function ensurePostgres(): Promise<void> {
  if (await canConnect(POSTGRES_ADMIN_URL)) return;
  console.info('PostgreSQL is not answering; starting the local cluster…');
  execSync(
    'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | sort -V | tail -n 1) main start',
    { stdio: 'inherit', shell: '/bin/bash' },
  );
  if (!(await canConnect(POSTGRES_ADMIN_URL))) {
    throw new Error(`PostgreSQL does not answer at ${POSTGRES_ADMIN_URL}`);
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database; dropped by remove() or when the bench ends. */
export async function createPostgresStorage(label: string): Promise<Storage> {
  await ensurePostgres();
  const name = `wellspring_${label}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  let isRemoved = false;
  const remove = async () => {
    if (isRemoved) return;
    isRemoved = true;
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  onCleanup(remove);
  // A PostgreSQL deployment must name its diary data key; a throwaway one for the bench.
  const env = {
    DATABASE_URL: url.toString(),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  return { kind: 'postgres', env, remove };
}

/** A new, empty PGlite folder under the system's temporary directory. */
export async function createPgliteStorage(label: string): Promise<Storage> {
  const dir = await mkdtemp(path.join(tmpdir(), `wellspring-${label}-`));
  const dataDir = path.join(dir, 'data');
  let isRemoved = false;
  const remove = async () => {
    if (isRemoved) return;
    isRemoved = true;
    await rm(dir, { recursive: true, force: true });
  };
  onCleanup(remove);
  return { kind: 'pglite', env: { DATA_DIR: dataDir }, remove };
}

export interface OpenStorage {
  handle: DatabaseHandle;
  query: Query;
  close(): Promise<void>;
}

/** Opens the storage in this process (no server may hold a PGlite folder meanwhile), migrated. */
export async function openStorage(storage: Storage): Promise<OpenStorage> {
  const handle = await openDatabase({
    databaseUrl: storage.env.DATABASE_URL,
    dataDir: storage.env.DATA_DIR,
    poolMax: 4,
  });
  await prepareDatabase(handle);
  const query: Query = async (text, params) => {
    if (handle.pool) return (await handle.pool.query(text, params)).rows as Row[];
    return (await handle.pglite!.query<Row>(text, params)).rows;
  };
  return { handle, query, close: () => handle.close() };
}
