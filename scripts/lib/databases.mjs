// The harness's databases (decision 029): whether PostgreSQL answers, starting the local cluster
// when it does not, and throwaway storage for a server to run on: a fresh PostgreSQL database
// (created and dropped here) or a fresh PGlite folder. Plain node can import this file.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { onCleanup, sleep } from './processes.mjs';

/** The local cluster's superuser over loopback, as the test suite and CI set it up. */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Where the benches and the deploy check create their databases (BENCH_POSTGRES_URL to change). */
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? LOCAL_POSTGRES_URL;

/**
 * Whether PostgreSQL at `url` takes a connection and answers `select 1` within 3 s.
 * @param {string} url
 * @returns {Promise<boolean>}
 */
export async function canConnect(url) {
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

/** Starts the newest local cluster with pg_ctlcluster; false when that failed. */
export function startLocalCluster() {
  try {
    execSync(
      'pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -n 1)" main start',
      { stdio: 'inherit', shell: '/bin/bash', timeout: 60_000 },
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure PostgreSQL answers at `url`, starting the local cluster if it is down and waiting up
 * to 15 s for it; throws when it still does not answer.
 * @param {string} [url]
 */
export async function ensurePostgres(url = POSTGRES_ADMIN_URL) {
  if (await canConnect(url)) return;
  console.info(`PostgreSQL is not answering at ${url}; starting the local cluster…`);
  startLocalCluster();
  for (let i = 0; i < 30 && !(await canConnect(url)); i++) await sleep(500);
  if (!(await canConnect(url))) {
    throw new Error(`PostgreSQL is needed at ${url} and cannot be reached`);
  }
}

/**
 * Runs one statement on its own connection (CREATE and DROP DATABASE cannot run in a transaction).
 * @param {string} url
 * @param {string} text
 */
async function runStatement(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A storage's remove(): runs `drop` the first time only, and at the clean-ups if nobody did.
 * @param {() => Promise<void>} drop
 * @returns {() => Promise<void>}
 */
function removedOnce(drop) {
  let isRemoved = false;
  const remove = async () => {
    if (isRemoved) return;
    isRemoved = true;
    forget();
    await drop();
  };
  const forget = onCleanup(remove);
  return remove;
}

/**
 * @typedef {object} Storage
 * @property {'pglite' | 'postgres'} kind
 * @property {Record<string, string>} env The environment that points a server at it (DATA_DIR, or
 *   DATABASE_URL with a throwaway DATA_ENCRYPTION_KEY).
 * @property {() => Promise<void>} remove Removes it (drops the database, deletes the folder); also
 *   done by runCleanups().
 */

/**
 * A new, empty PostgreSQL database named `wellspring_<label>_<random>`; dropped by remove() or
 * when the script ends.
 * @param {string} label
 * @param {string} [adminUrl]
 * @returns {Promise<Storage>}
 */
export async function createPostgresStorage(label, adminUrl = POSTGRES_ADMIN_URL) {
  await ensurePostgres(adminUrl);
  const name = `wellspring_${label}_${randomBytes(4).toString('hex')}`;
  await runStatement(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const remove = removedOnce(() =>
    runStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
  // A PostgreSQL deployment must name its diary data key; a throwaway one here.
  const env = {
    DATABASE_URL: url.toString(),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  return { kind: 'postgres', env, remove };
}

/**
 * A new, empty PGlite folder under the system's temporary directory; deleted by remove() or when
 * the script ends.
 * @param {string} label
 * @returns {Promise<Storage>}
 */
export async function createPgliteStorage(label) {
  const dir = await mkdtemp(path.join(tmpdir(), `wellspring-${label}-`));
  const dataDir = path.join(dir, 'data');
  const remove = removedOnce(() => rm(dir, { recursive: true, force: true }));
  return { kind: 'pglite', env: { DATA_DIR: dataDir }, remove };
}
