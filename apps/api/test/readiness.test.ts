import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { prepareDatabase } from '../src/db/migrate';
import { generateKeySpec } from '../src/lib/crypto/content-cipher';
import { Readiness } from '../src/lib/readiness';
import { call, createTestApp, useTestApp } from './app';
import { openPostgres, TEST_DB, type TestDatabase } from './database';

/** A database with no tables at all, as a server finds it at its very first start. */
async function emptyDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    return { handle, destroy: () => handle.close() };
  }
  return openPostgres('wellspring_ready', 4);
}

/** A database nobody answers for: nothing listens on port 1. */
async function unreachableDatabase(): Promise<TestDatabase> {
  const handle = await openDatabase({ databaseUrl: 'postgres://wellspring@127.0.0.1:1/none' });
  return { handle, destroy: () => handle.close() };
}

function expectNotReady(res: { statusCode: number; json(): unknown }, reasons: string[]) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({
    status: 'fail',
    statusCode: 503,
    code: 'SERVICE_UNAVAILABLE',
    reasons,
  });
}

describe('GET /api/ready', () => {
  const ctx = useTestApp();

  it('answers 200 when the database answers and no start or stop is under way', async () => {
    const res = await call(ctx.app, 'GET', '/api/ready');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { ready: true } });
  });

  it("answers 503 'migrating' until the start is done, while health and the web answer", async () => {
    const database = await emptyDatabase();
    const readiness = new Readiness('starting');
    // As the server does: built and answering on a database not migrated yet.
    const starting = await createTestApp({ database, readiness });
    try {
      expectNotReady(await call(starting.app, 'GET', '/api/ready'), ['migrating']);
      expect((await call(starting.app, 'GET', '/api/health')).statusCode).toBe(200);
      // Every other API call waits for the start, with the envelope and a Retry-After.
      for (const url of ['/api/v1/background', '/v1/background', '/api/v1/goal?id=x']) {
        const refused = await call(starting.app, 'GET', url);
        expect(refused.statusCode, url).toBe(503);
        expect(refused.json(), url).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        expect(refused.headers['retry-after'], url).toBe('5');
      }
      const signIn = await call(starting.app, 'POST', '/api/v1/auth/login', {
        body: { email: 'early@example.test', password: 'a password' },
      });
      expect(signIn.statusCode).toBe(503);

      await prepareDatabase(database.handle);
      readiness.markReady();
      expect((await call(starting.app, 'GET', '/api/ready')).statusCode).toBe(200);
      expect((await call(starting.app, 'GET', '/api/v1/background')).statusCode).toBe(200);
    } finally {
      await starting.close();
      await database.destroy();
    }
  });

  it("answers 503 'stopping' once a stop began, and lets the other calls finish", async () => {
    const readiness = new Readiness('ready');
    const stopping = await createTestApp({ readiness });
    try {
      readiness.markStopping();
      readiness.markReady(); // A late end of the start does not undo the stop.
      expectNotReady(await call(stopping.app, 'GET', '/api/ready'), ['stopping']);
      expect((await call(stopping.app, 'GET', '/api/v1/background')).statusCode).toBe(200);
    } finally {
      await stopping.close();
    }
  });

  it("answers 503 'database' when the PostgreSQL server cannot be reached", async () => {
    const database = await unreachableDatabase();
    const down = await createTestApp({ database });
    try {
      expectNotReady(await call(down.app, 'GET', '/api/ready'), ['database']);
    } finally {
      await down.close();
      await database.destroy();
    }
  });

  it("answers 503 'database' when the embedded database is closed", async () => {
    const handle: DatabaseHandle = await openDatabase({ dataDir: 'memory://' });
    const closed = await createTestApp({ database: { handle, destroy: async () => {} } });
    try {
      await handle.close();
      expectNotReady(await call(closed.app, 'GET', '/api/ready'), ['database']);
    } finally {
      await closed.close();
    }
  });

  it("answers 503 'redis' when REDIS_URL is set and nothing answers there", async () => {
    const noRedis = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const started = Date.now();
      expectNotReady(await call(noRedis.app, 'GET', '/api/ready'), ['redis']);
      // Within the check's own time limit (2 s) and a little.
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await noRedis.close();
    }
  });
});

describe('the real server', () => {
  it('still exits non-zero with the message when the start fails after it listens', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-ready-'));
    try {
      const tsx = createRequire(import.meta.url).resolve('tsx/cli');
      const server = path.resolve(import.meta.dirname, '../src/server.ts');
      // It listens, then the migration finds no database: the start fails there.
      const { status, stdout, stderr } = spawnSync(process.execPath, [tsx, server], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          PORT: '0',
          LOG_LEVEL: 'info',
          LOG_FORMAT: 'json',
          DATA_DIR: dataDir,
          WEB_DIST_DIR: '/nonexistent-web-dist',
          DATABASE_URL: 'postgres://wellspring@127.0.0.1:1/none',
          DATA_ENCRYPTION_KEY: generateKeySpec(),
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(stdout).toMatch(/Server listening at/);
      expect(stdout).not.toMatch(/Wellspring is ready/);
      expect(status).toBe(1);
      expect(stderr).toMatch(/ECONNREFUSED|connect/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 70_000);
});
