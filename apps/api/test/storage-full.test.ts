// The embedded database on a full disk (decision 064): a real, small tmpfs, so root only (skipped
// elsewhere). A write that fails for lack of space answers 507 STORAGE_FULL, /api/ready says
// 'storage' until there is room again, a metric counts the refusals; nothing acknowledged is lost
// and writes are taken again once space is freed.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './backup/databases';
import { type RunningServer, startServer } from './backup/running-server';

const SLOW = 300_000;
const METRICS_TOKEN = 'a-metrics-token-for-the-full-disk-test';
const folder = tempDir('ws-storage-full-');
const mount = path.join(folder.dir, 'disk');
mkdirSync(mount);
const mounted =
  process.getuid?.() === 0 &&
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mount]).status === 0;

/** Fills the disk to the last byte: one big file, then small pieces until the disk refuses. */
function fillDisk(file: string): void {
  for (const size of [1 << 20, 1 << 12, 1 << 9]) {
    try {
      for (;;) appendFileSync(file, Buffer.alloc(size));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
  }
}

async function send(base: string, method: string, url: string, body?: object, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

const register = (base: string, n: number) =>
  send(base, 'POST', '/api/v1/auth/register', {
    name: `Person ${n}`,
    email: `person${n}@example.test`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    terms: true,
    timeZone: 'UTC',
  });

let server: RunningServer;

beforeAll(async () => {
  if (mounted) {
    server = await startServer(path.join(mount, 'data'), {
      METRICS_TOKEN,
      RATE_LIMIT_AUTH_MAX: '1000',
    });
  }
}, SLOW);
afterAll(async () => {
  await server?.stop();
  if (mounted) spawnSync('umount', [mount]);
  folder.remove();
});

describe.runIf(mounted)('the embedded database on a full disk', () => {
  it(
    'answers 507 STORAGE_FULL, is not ready, counts it, loses nothing and takes writes once freed',
    async () => {
      const tokens: string[] = [];
      const first = await register(server.base, 0);
      expect(first.status, first.text).toBe(201);
      tokens.push(first.json().token as string);

      const filler = path.join(mount, 'filler');
      fillDisk(filler);
      let refused: Awaited<ReturnType<typeof register>> | undefined;
      let n = 1;
      for (; n < 200 && !refused; n++) {
        const res = await register(server.base, n);
        if (res.status === 201) tokens.push(res.json().token as string);
        else refused = res;
      }
      expect(refused?.status, refused?.text).toBe(507);
      expect(refused!.json()).toMatchObject({
        status: 'fail',
        statusCode: 507,
        code: 'STORAGE_FULL',
        message: expect.stringMatching(/storage is full.*nothing was saved/i),
      });
      // Alive, but not to be sent writes.
      expect((await send(server.base, 'GET', '/api/health')).status).toBe(200);
      const ready = await send(server.base, 'GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.json().reasons).toEqual(['storage']);
      const metrics = await send(server.base, 'GET', '/metrics', undefined, METRICS_TOKEN);
      expect(metrics.text).toMatch(/^wellspring_storage_full_total [1-9]\d*$/m);

      rmSync(filler);
      expect((await send(server.base, 'GET', '/api/ready')).status).toBe(200);
      const again = await register(server.base, n - 1); // The one refused: nothing of it was kept.
      expect(again.status, again.text).toBe(201);
      tokens.push(again.json().token as string);
      for (const token of tokens) {
        expect(
          (await send(server.base, 'GET', '/api/v1/auth/sessions', undefined, token)).status,
        ).toBe(200);
      }
    },
    SLOW,
  );
});
