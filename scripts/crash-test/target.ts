// The database a run writes to: a fresh DATA_DIR in a temporary folder for PGlite, a fresh
// database for PostgreSQL (created and dropped through the harness), and the server's environment.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresStorage } from '../lib/databases.mjs';
import { ADMIN_URL, type DbKind, HOST } from './settings';

export interface Target {
  kind: DbKind;
  workDir: string;
  dataDir: string;
  databaseUrl?: string;
  env: NodeJS.ProcessEnv;
  drop: () => Promise<void>;
}

export async function prepareTarget(kind: DbKind, port: number): Promise<Target> {
  const workDir = mkdtempSync(path.join(tmpdir(), `wellspring-crash-${kind}-`));
  const dataDir = path.join(workDir, 'data');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The writers come from one address; the limits are not what is tested here.
    RATE_LIMIT_MAX: '100000000',
    RATE_LIMIT_AUTH_MAX: '100000000',
    // No mail server here: production runs without one only with verification off.
    EMAIL_VERIFICATION: 'off',
  };
  if (kind === 'pglite') {
    return { kind, workDir, dataDir, env, drop: async () => {} };
  }
  const storage = await createPostgresStorage(`crash_${process.pid}`, ADMIN_URL);
  const databaseUrl = storage.env.DATABASE_URL;
  Object.assign(env, storage.env);
  const drop = storage.remove;
  return { kind, workDir, dataDir, databaseUrl, env, drop };
}
