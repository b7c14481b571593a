import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  canConnect,
  createPgliteStorage,
  createPostgresStorage,
  LOCAL_POSTGRES_URL,
} from './databases.mjs';
import { findFreePort, getStatus } from './ports.mjs';
import { onCleanup, runCleanups, spawnProcess, waitUntilHealthy } from './processes.mjs';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? LOCAL_POSTGRES_URL;

describe('ports', () => {
  it('finds a loopback port nothing listens on, and a GET there answers 0', async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThan(0);
    expect(await getStatus(`http://127.0.0.1:${port}/`, 500)).toBe(0);
  });

  it('answers the status of whatever listens on the port', async () => {
    const port = await findFreePort();
    const server = createServer((_req, res) => res.writeHead(204).end());
    await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
    try {
      expect(await getStatus(`http://127.0.0.1:${port}/`)).toBe(204);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('processes', () => {
  it('runs the clean-ups last registered first, and not one that was forgotten', async () => {
    const order = [];
    onCleanup(() => void order.push('first'));
    const forget = onCleanup(() => void order.push('forgotten'));
    onCleanup(async () => void order.push('last'));
    forget();
    await runCleanups();
    expect(order).toEqual(['last', 'first']);
    await runCleanups();
    expect(order).toEqual(['last', 'first']);
  });

  it('starts a child on a free port, waits until it answers 200, and stops it', async () => {
    const port = await findFreePort();
    const script =
      "require('node:http').createServer((q, s) => s.end('ok'))" +
      `.listen(${port}, '127.0.0.1', () => console.log('listening'))`;
    const child = spawnProcess(process.execPath, ['-e', script], port, {});
    const ms = await waitUntilHealthy(child, `${child.baseUrl}/`, 10_000);
    expect(ms).toBeGreaterThan(0);
    expect(child.output()).toContain('listening');
    await child.stop('SIGTERM');
    expect(child.process.signalCode).toBe('SIGTERM');
    expect(await getStatus(`${child.baseUrl}/`, 500)).toBe(0);
  });

  it('says so, with what the child printed, when it exits before it is ready', async () => {
    const port = await findFreePort();
    const child = spawnProcess(
      process.execPath,
      ['-e', "console.error('no config'); process.exit(3)"],
      port,
      {},
    );
    await expect(waitUntilHealthy(child, `${child.baseUrl}/`, 10_000)).rejects.toThrow(
      /exited before it was ready:\nno config\n\(exited with code 3\)/,
    );
  });
});

describe('databases', () => {
  it('tells a PostgreSQL that answers from a port where none listens', async () => {
    const port = await findFreePort();
    expect(await canConnect(`postgres://postgres@127.0.0.1:${port}/postgres`)).toBe(false);
    expect(await canConnect(POSTGRES_URL)).toBe(true);
  });

  it('creates a fresh PostgreSQL database and drops it once, however often removed', async () => {
    const storage = await createPostgresStorage('harness_test', POSTGRES_URL);
    expect(storage.kind).toBe('postgres');
    expect(storage.env.DATA_ENCRYPTION_KEY).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(await canConnect(storage.env.DATABASE_URL)).toBe(true);
    await storage.remove();
    await storage.remove();
    expect(await canConnect(storage.env.DATABASE_URL)).toBe(false);
  });

  it('gives a PGlite DATA_DIR in a temporary folder that the clean-ups delete', async () => {
    const storage = await createPgliteStorage('harness-test');
    const folder = path.dirname(storage.env.DATA_DIR);
    expect(existsSync(folder)).toBe(true);
    await runCleanups();
    expect(existsSync(folder)).toBe(false);
  });
});
