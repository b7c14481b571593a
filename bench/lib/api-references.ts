/**
 * The references of the API bench, each a server in its own process loaded exactly as the API
 * rows are (bench/lib/measure.ts): a bare node:http server answering a fixed body (what HTTP
 * alone costs), the one-query reference of a database (what one read of a row by its key costs on
 * top: bench/lib/one-query-server.ts), and the statement reference (GET /user's own statement
 * through the API's database layer, without the framework).
 */
import path from 'node:path';
import { serverEnv } from '../../scripts/lib/api-server.mjs';
import type { Storage } from '../../scripts/lib/databases.mjs';
import { findFreePort } from '../../scripts/lib/ports.mjs';
import { ROOT, spawnNode, spawnProcess, waitUntilHealthy } from '../../scripts/lib/processes.mjs';
import { loadEnv } from '../../apps/api/src/config/env';
import { measure, type Measured } from './measure';

/** The pool size of the API process the bench starts (its DB_POOL_MAX, as its own config reads it). */
export function apiPoolSize(storage: Storage): number {
  return loadEnv(serverEnv(0, storage.env)).DB_POOL_MAX;
}

/** The bare node:http server: a fixed JSON body of `bodyBytes`, no database. */
export async function runBareReference(bodyBytes: number): Promise<Measured> {
  const port = await findFreePort();
  const child = spawnNode(path.join(ROOT, 'bench', 'lib', 'reference-server.mjs'), port, {
    PORT: String(port),
    BODY_BYTES: String(bodyBytes),
  });
  try {
    await waitUntilHealthy(child, `${child.baseUrl}/`, 10_000);
    return await measure('reference: bare node:http', child.pid, false, { url: child.baseUrl });
  } finally {
    await child.stop();
  }
}

/**
 * The one-query reference on `storage` (PostgreSQL: the same database and pool size as the API;
 * PGlite: the same data directory, which no API process may hold meanwhile).
 */
export function runOneQueryReference(
  storage: Storage,
  userId: string,
  bodyBytes: number,
): Promise<Measured> {
  const poolSize = apiPoolSize(storage);
  const label =
    storage.kind === 'postgres'
      ? `reference: node:http + 1 prepared pg query (pool ${poolSize})`
      : 'reference: node:http + 1 query on in-process PGlite';
  return runQueryServer(storage, label, { USER_ID: userId, BODY_BYTES: String(bodyBytes) });
}

/**
 * The statement reference on `storage`: node:http running GET /user's own statement through the
 * API's database layer for the user of `token`, without the framework (one-query-server.ts). The
 * API's GET /user row against it is what the framework's layers cost.
 */
export function runStatementReference(storage: Storage, token: string): Promise<Measured> {
  return runQueryServer(storage, "reference: node:http + the API's GET /user statement", {
    TOKEN: token,
    BODY_BYTES: '0',
  });
}

async function runQueryServer(
  storage: Storage,
  label: string,
  env: Record<string, string>,
): Promise<Measured> {
  const port = await findFreePort();
  const script = path.join(ROOT, 'bench', 'lib', 'one-query-server.ts');
  const child = spawnProcess(process.execPath, ['--import', 'tsx', script], port, {
    NODE_ENV: 'production',
    PORT: String(port),
    POOL_MAX: String(apiPoolSize(storage)),
    ...env,
    ...(storage.env.DATABASE_URL
      ? { DATABASE_URL: storage.env.DATABASE_URL }
      : { DATA_DIR: storage.env.DATA_DIR! }),
  });
  try {
    await waitUntilHealthy(child, `${child.baseUrl}/`, 60_000);
    return await measure(label, child.pid, storage.kind === 'postgres', { url: child.baseUrl });
  } finally {
    await child.stop();
  }
}
