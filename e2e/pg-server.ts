import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/*
 * The product on its own PostgreSQL database, for specs that change stored facts (dates) from the
 * test itself. The suite's usual server keeps PGlite in a folder no other process can open while it
 * runs; this one is the same built server, started here with DATABASE_URL, so the spec can reach
 * its rows with `pg` while it serves the browser. Nothing in production learns anything new.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const START_TIMEOUT_MS = 120_000;

export interface PgServer {
  /** Where the product answers, e.g. http://127.0.0.1:41234. */
  baseURL: string;
  /** A connection to the server's database, for the spec's own reads and writes. */
  db: pg.Client;
  stop: () => Promise<void>;
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

async function waitUntilHealthy(baseURL: string, child: ChildProcess, logs: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server stopped (exit ${child.exitCode}) while starting:\n${logs()}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer within ${START_TIMEOUT_MS} ms:\n${logs()}`);
}

/** Creates a fresh database, starts the built server on it and connects to it. */
export async function startPgServer(): Promise<PgServer> {
  const database = `wellspring_e2e_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${database}"`));
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;

  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wellspring-e2e-pg-'));
  let stderr = '';
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATABASE_URL: databaseUrl.toString(),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: dataDir,
      // A web build of one's own, as playwright.config.ts passes it to the PGlite server.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
      RATE_LIMIT_AUTH_MAX: '1000',
      LOG_LEVEL: 'warn',
      // The suite's mail server (smtp-sink.mjs), when the runner started one.
      ...(process.env.E2E_SMTP_PORT
        ? { SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}` }
        : { EMAIL_VERIFICATION: 'off' }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });

  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  const stop = async () => {
    await db.end().catch(() => {});
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    await withAdmin((admin) =>
      admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
    ).catch(() => {});
  };

  try {
    await waitUntilHealthy(baseURL, child, () => stderr);
    await db.connect();
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, db, stop };
}
