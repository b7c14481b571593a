import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app';
import { loadEnv, type Env } from '../src/config/env';
import type { Database } from '../src/db/client';
import type { Readiness } from '../src/lib/readiness';
import { ContentCipher, generateKeySpec, parseDataKeys } from '../src/lib/crypto/content-cipher';
import { TestClock } from './clock';
import { createTestDatabase, type TestDatabase } from './database';

/** A data key made for this test run. */
export const TEST_CIPHER = new ContentCipher(parseDataKeys(generateKeySpec()));

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  env: Env;
  /** Every log line the app wrote, as text. */
  logs: string[];
  close(): Promise<void>;
}

/** The app on a fresh database, with a clock the test controls and its logs captured. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: TestClock;
    database?: TestDatabase;
    cipher?: ContentCipher;
    /** Starting, ready or stopping (decision 044); ready when not given. */
    readiness?: Readiness;
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? new TestClock();
  // A data folder of its own (the mail outbox writes there), removed on close.
  const dataDir = options.env?.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'ws-test-'));
  const env = loadEnv({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_AUTH_MAX: '100000',
    ...options.env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const cipher = options.cipher ?? TEST_CIPHER;
  const app = await buildApp({
    env,
    database: database.handle,
    clock,
    logStream,
    cipher,
    readiness: options.readiness,
  });
  await app.ready();
  return {
    app,
    db: database.handle.db,
    clock,
    env,
    logs,
    async close() {
      await app.close();
      if (!options.database) await database.destroy();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Log lines of a 5xx answer or an unexpected error. */
function serverErrors(lines: string[]): string[] {
  return lines.filter((l) => l.includes('"level":50') || /"statusCode":5\d\d/.test(l));
}

/**
 * The app of a describe block (or a file): made before its tests and closed after them; the
 * context answered is filled in by the time the tests run. With `failOnServerErrors`, a test also
 * fails when a request it made answered 5xx or the app logged an error.
 */
export function useTestApp(
  options: Parameters<typeof createTestApp>[0] & { failOnServerErrors?: boolean } = {},
): TestContext {
  const { failOnServerErrors = false, ...appOptions } = options;
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(appOptions));
  });
  afterAll(() => ctx.close());
  if (failOnServerErrors) {
    let seenLogs = 0;
    afterEach(() => {
      const fresh = ctx.logs.slice(seenLogs);
      seenLogs = ctx.logs.length;
      expect(serverErrors(fresh), 'no request may answer 5xx').toEqual([]);
    });
  }
  return ctx;
}

/** The methods the API's routes answer to. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON request through app.inject, with the bearer token when given. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
}

/** A request with a raw body and content type, for malformed and oversized payloads. */
export function sendRaw(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  token: string | undefined,
  payload: string,
  contentType = 'application/json',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': contentType,
    },
    payload,
  });
}

/** Runs n copies of a request at once. */
export function race(
  n: number,
  request: (i: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => request(i)));
}
