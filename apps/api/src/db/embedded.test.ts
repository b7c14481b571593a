import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from './embedded';

// On-disk PGlite starts take seconds (the first one runs initdb): one directory for the file.
const SLOW = 120_000;
let root: string;
let dataDir: string;
const lockFile = () => path.join(dataDir, 'wellspring.lock');

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'wellspring-embedded-'));
  dataDir = path.join(root, 'data');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database on disk', () => {
  it(
    'runs with fsync on and flushes each commit (the start-up self-check passed)',
    async () => {
      const db = await openEmbeddedDatabase(dataDir);
      try {
        const settings = await db.client.query<{ name: string; setting: string }>(
          `select name, setting from pg_settings
           where name in ('fsync', 'wal_sync_method', 'synchronous_commit', 'shared_buffers')
           order by name`,
        );
        expect(settings.rows).toEqual([
          { name: 'fsync', setting: 'on' },
          // 8 kB pages: 16 MB of shared buffers, not PostgreSQL's 128 MB (memory, decision 017).
          { name: 'shared_buffers', setting: '2048' },
          { name: 'synchronous_commit', setting: 'on' },
          { name: 'wal_sync_method', setting: 'fsync' },
        ]);
        expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
      } finally {
        await db.close();
      }
      expect(existsSync(lockFile())).toBe(false);
    },
    SLOW,
  );

  it(
    'takes one opening at a time in this process',
    async () => {
      const db = await openEmbeddedDatabase(dataDir);
      try {
        await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(/already open in this process/);
      } finally {
        await db.close();
      }
    },
    SLOW,
  );

  it('refuses a directory another running process holds, and says which', async () => {
    // The parent process (the test runner) stands in for a server that has the directory open.
    writeFileSync(lockFile(), JSON.stringify({ pid: process.ppid }));
    try {
      await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(
        new RegExp(`in use by process ${process.ppid}`),
      );
    } finally {
      rmSync(lockFile(), { force: true });
    }
  });

  it(
    'takes over the lock of a process that died, or one it left half written',
    async () => {
      for (const content of [JSON.stringify({ pid: deadPid(), started: '1' }), '']) {
        writeFileSync(lockFile(), content);
        const db = await openEmbeddedDatabase(dataDir);
        expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
        await db.close();
      }
    },
    SLOW,
  );

  it(
    'recovers after a process was killed mid-write, keeps the commit, and says so',
    async () => {
      // Another process commits a row and is killed at once, without closing the database.
      const script = `
        const { PGlite } = await import('@electric-sql/pglite');
        const db = await PGlite.create(${JSON.stringify(dataDir)});
        await db.query('create table if not exists kept (note text)');
        await db.query("insert into kept values ('acknowledged')");
        process.kill(process.pid, 'SIGKILL');`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        cwd: path.dirname(fileURLToPath(import.meta.url)),
        stdio: 'ignore',
      });
      const signal = await new Promise((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
      expect(signal).toBe('SIGKILL');

      const notices: string[] = [];
      const db = await openEmbeddedDatabase(dataDir, (message) => notices.push(message));
      try {
        const kept = await db.client.query<{ note: string }>('select note from kept');
        expect(kept.rows).toEqual([{ note: 'acknowledged' }]);
        expect(notices).toHaveLength(1);
        expect(notices[0]).toMatch(/not shut down cleanly.*redo starts at/);
      } finally {
        await db.close();
      }
    },
    SLOW,
  );
});
