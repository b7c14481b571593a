import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { loadEnv, type Env } from '../src/config/env';
import type { Database } from '../src/db/client';
import { ContentCipher, generateKeySpec, parseDataKeys } from '../src/lib/crypto/content-cipher';
import { TestClock } from './clock';

/** A data key made for this test run. */
export const TEST_CIPHER = new ContentCipher(parseDataKeys(generateKeySpec()));
import { createTestDatabase, type TestDatabase } from './database';

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
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? new TestClock();
  const env = loadEnv({
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
  const app = await buildApp({ env, database: database.handle, clock, logStream, cipher });
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
    },
  };
}

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
