// What a backup of the embedded database holds, and what a restore brings back (decision 064):
// the database's folder and nothing else. A real server runs on the source DATA_DIR throughout,
// holding its lock, its key, its push keys, its mail outbox and its earlier backups.
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBackup } from '../../src/db/backup/format';
import { VAPID_KEY_FILE } from '../../src/lib/crypto/vapid-keys';
import { tempDir } from './databases';
import { type RunningServer, runScript, startServer, tarEntries } from './running-server';

const SLOW = 300_000;
const folder = tempDir('ws-backup-contents-');
const source = path.join(folder.dir, 'source');
const SERVER_FILES = ['encryption.key', VAPID_KEY_FILE, 'wellspring.lock', 'outbox', 'backups'];
let server: RunningServer;
const tokens: string[] = [];

async function post(base: string, url: string, body: object, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** An account's whole export, without the moment it was made. */
async function exportOf(base: string, token: string): Promise<unknown> {
  const res = await fetch(`${base}/api/v1/account/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const { exportedAt: _at, ...rest } = (await res.json()) as Record<string, unknown>;
  return rest;
}

const backups = () =>
  readdirSync(path.join(source, 'backups'))
    .filter((name) => name.endsWith('.wsbackup'))
    .sort()
    .map((name) => path.join(source, 'backups', name));

beforeAll(async () => {
  server = await startServer(source);
  for (const name of ['Ada', 'Grace']) {
    const password = 'correct horse battery';
    const email = `${name.toLowerCase()}@example.test`;
    const reg = await post(server.base, '/api/v1/auth/register', {
      name,
      email,
      password,
      confirmPassword: password,
      terms: true,
      timeZone: 'Europe/Paris',
    });
    expect(reg.status, JSON.stringify(reg.json)).toBe(201);
    const token = reg.json.token as string;
    const id = (reg.json.userData as { id: string }).id;
    tokens.push(token);
    const diary = await post(
      server.base,
      '/api/v1/diary',
      { id, content: `${name}'s day.` },
      token,
    );
    expect(diary.status).toBe(201);
    // A password-reset link in the outbox: a takeover if a backup carried it.
    expect((await post(server.base, '/api/v1/auth/forgot-password', { email })).status).toBe(202);
  }
  // Four backups in a row through the running server, into DATA_DIR/backups.
  for (let i = 0; i < 4; i++) {
    const run = await runScript('db/backup-cli.ts', [], { DATA_DIR: source });
    expect(run.code, run.output).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // One file name a second.
  }
}, SLOW);

afterAll(async () => {
  await server?.stop();
  folder.remove();
});

describe('a backup of the embedded database', () => {
  it('holds the database and nothing of the server’s own files, and stays the same size', () => {
    for (const name of SERVER_FILES) expect(existsSync(path.join(source, name)), name).toBe(true);
    expect(readdirSync(path.join(source, 'outbox')).length).toBeGreaterThan(0);
    const files = backups();
    expect(files).toHaveLength(4);
    // A steady database: no backup carries the earlier ones, so none grows.
    const sizes = files.map((file) => statSync(file).size);
    console.info(`backup sizes in a row: ${sizes.join(', ')} bytes`);
    for (const file of files) {
      const { manifest, dump } = decodeBackup(readFileSync(file));
      expect(manifest.includedKey).toBeUndefined();
      const entries = tarEntries(dump);
      expect(entries).toContain('PG_VERSION');
      const offending = entries.filter((entry) =>
        SERVER_FILES.some((name) => entry === name || entry.startsWith(`${name}/`)),
      );
      expect(offending, file).toEqual([]);
      expect(entries.filter((e) => /\.wsbackup$|\.eml$|encryption\.key/.test(e))).toEqual([]);
    }
    for (const size of sizes) expect(size).toBeLessThan(sizes[0]! * 1.1);
  });

  it(
    'restores into a new DATA_DIR that starts beside the running source, every export the same',
    async () => {
      const target = path.join(folder.dir, 'restored');
      const file = backups().at(-1)!;
      const restore = await runScript('db/restore-cli.ts', [file], {
        DATA_DIR: target,
        DATA_ENCRYPTION_KEY: readFileSync(path.join(source, 'encryption.key'), 'utf8').trim(),
      });
      expect(restore.code, restore.output).toBe(0);
      // Nothing of the source server's own came back with the database.
      for (const name of SERVER_FILES) {
        expect(existsSync(path.join(target, name)), name).toBe(false);
      }
      cpSync(path.join(source, 'encryption.key'), path.join(target, 'encryption.key'));
      const restored = await startServer(target);
      try {
        for (const token of tokens) {
          expect(await exportOf(restored.base, token)).toEqual(await exportOf(server.base, token));
        }
      } finally {
        await restored.stop();
      }
    },
    SLOW,
  );
});
