import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateKeyFile } from '../lib/crypto/content-cipher';
import { databaseDir } from './data-layout';
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
        const db = await PGlite.create(${JSON.stringify(databaseDir(dataDir))});
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
        expect(notices).toEqual([
          // The other process opened PGlite as it comes, with files readable by everyone.
          expect.stringMatching(/readable by other users; they are now the owner's only/),
          expect.stringMatching(/not shut down cleanly.*redo starts at/),
        ]);
      } finally {
        await db.close();
      }
    },
    SLOW,
  );

  describe('file modes', () => {
    let umask: number;
    beforeEach(() => {
      // A permissive umask, as a careless shell or service manager might start the server with.
      umask = process.umask(0o000);
    });
    afterEach(() => {
      process.umask(umask);
    });

    /** Every folder and file of a tree (the root too), with its permission bits. */
    function modesOf(dir: string): { path: string; kind: 'dir' | 'file'; mode: number }[] {
      const stat = lstatSync(dir);
      const own = { path: dir, kind: stat.isDirectory() ? 'dir' : 'file', mode: stat.mode & 0o777 };
      if (!stat.isDirectory()) return [own as { path: string; kind: 'file'; mode: number }];
      return [
        own as { path: string; kind: 'dir'; mode: number },
        ...readdirSync(dir).flatMap((entry) => modesOf(path.join(dir, entry))),
      ];
    }

    function openToOthers(dir: string) {
      return modesOf(dir).filter((e) => e.mode !== (e.kind === 'dir' ? 0o700 : 0o600));
    }

    it(
      'keeps a new DATA_DIR and every file in it to the owner: folders 0700, files 0600',
      async () => {
        const fresh = path.join(root, 'fresh', 'data');
        loadOrCreateKeyFile(fresh); // The server makes the key first, then opens the database.
        const db = await openEmbeddedDatabase(fresh);
        try {
          await db.client.query('create table notes (email text, hash text)');
          await db.client.query(
            "insert into notes select 'a' || g || '@example.test', repeat('x', 200) from generate_series(1, 2000) g",
          );
          await db.client.query('checkpoint');
        } finally {
          await db.close();
        }
        const tree = modesOf(fresh);
        expect(tree.length).toBeGreaterThan(100);
        expect(tree.some((e) => /pg_wal/.test(e.path) && e.kind === 'file')).toBe(true);
        expect(openToOthers(fresh)).toEqual([]);
        expect(lstatSync(path.join(fresh, 'encryption.key')).mode & 0o777).toBe(0o600);
        expect(lstatSync(path.join(root, 'fresh')).mode & 0o777).toBe(0o700);
      },
      SLOW,
    );

    it(
      'tightens an existing world-readable DATA_DIR at start, and says how much it changed',
      async () => {
        const loose = path.join(root, 'loose');
        const first = await openEmbeddedDatabase(loose);
        await first.close();
        // As PGlite left it before: folders 0777 and files 0666, and a stray file of someone's.
        mkdirSync(path.join(loose, 'extra'), { mode: 0o777 });
        writeFileSync(path.join(loose, 'extra', 'notes.txt'), 'x', { mode: 0o666 });
        for (const entry of modesOf(loose)) {
          chmodSync(entry.path, entry.kind === 'dir' ? 0o777 : 0o666);
        }
        const total = modesOf(loose).length;

        const notices: string[] = [];
        const db = await openEmbeddedDatabase(loose, (message) => notices.push(message));
        await db.close();

        expect(openToOthers(loose)).toEqual([]);
        expect(notices).toEqual([
          `DATA_DIR ${loose}: ${total} files and folders were readable by other users; they ` +
            "are now the owner's only (folders 0700, files 0600).",
        ]);
        // Already tight: the next start has nothing to say.
        const again: string[] = [];
        const reopened = await openEmbeddedDatabase(loose, (message) => again.push(message));
        await reopened.close();
        expect(again).toEqual([]);
      },
      SLOW,
    );
  });
});
