import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/db/migrate';
import { ContentCipher, generateKeySpec, parseDataKeys } from '../src/lib/crypto/content-cipher';

/** An OpenAPI document, as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

/**
 * The document the server publishes at /api/docs/json, built in-process: the whole app on an
 * in-memory PGlite, asked once, closed. No vitest here, so scripts can use it too.
 */
export async function buildOpenApiDocument(
  env: Record<string, string> = {},
): Promise<OpenApiDocument> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-openapi-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await prepareDatabase(database);
    const app = await buildApp({
      env: loadEnv({
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        ...env,
      }),
      database,
      cipher: new ContentCipher(parseDataKeys(generateKeySpec())),
      logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
      if (res.statusCode !== 200) {
        throw new Error(`GET /api/docs/json answered ${res.statusCode}: ${res.body}`);
      }
      return res.json() as OpenApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
