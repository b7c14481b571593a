// An installation laid out the old way (PostgreSQL's files at the top of DATA_DIR, beside the
// key, the outbox and the backups) moves into DATA_DIR/database at start-up: whole, once, and
// finished by the next start when a kill interrupts it anywhere. Decision 064.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/backup/databases';
import { API_ROOT } from '../lib/paths';
import { databaseDir, isDatabaseEntry } from './data-layout';
import { openEmbeddedDatabase } from './embedded';

const SLOW = 300_000;
const folder = tempDir('ws-data-layout-');
const template = path.join(folder.dir, 'old-layout');
const ROWS = Array.from({ length: 500 }, (_, i) => `row ${i}`);
const SERVER_OWN = {
  'encryption.key': '1:a-key-that-stays-where-it-was\n',
  'outbox/2026-11-01-link.eml': 'a link',
  'backups/wellspring-2026-11-01T00-00-00Z.wsbackup': 'an earlier backup',
};

/** The rows of the test table, through the server's own opening of DATA_DIR. */
async function openAndRead(dataDir: string, notices: string[] = []): Promise<string[]> {
  const db = await openEmbeddedDatabase(dataDir, (message) => notices.push(message));
  try {
    const { rows } = await db.client.query<{ note: string }>('select note from kept order by id');
    return rows.map((r) => r.note);
  } finally {
    await db.close();
  }
}

function expectNewLayout(dataDir: string): void {
  expect(readdirSync(dataDir).filter(isDatabaseEntry)).toEqual([]);
  expect(existsSync(path.join(dataDir, 'database.moving'))).toBe(false);
  expect(existsSync(path.join(databaseDir(dataDir), 'PG_VERSION'))).toBe(true);
  for (const [name, text] of Object.entries(SERVER_OWN)) {
    expect(readFileSync(path.join(dataDir, name), 'utf8'), name).toBe(text);
  }
}

beforeAll(async () => {
  // A database made by this release, then laid out as the previous one kept it.
  const db = await openEmbeddedDatabase(template, () => {});
  await db.client.exec('create table kept (id serial primary key, note text)');
  for (const note of ROWS) await db.client.query('insert into kept (note) values ($1)', [note]);
  await db.close();
  const pgdata = databaseDir(template);
  for (const name of readdirSync(pgdata)) {
    renameSync(path.join(pgdata, name), path.join(template, name));
  }
  rmdirSync(pgdata);
  for (const [name, text] of Object.entries(SERVER_OWN)) {
    mkdirSync(path.dirname(path.join(template, name)), { recursive: true });
    writeFileSync(path.join(template, name), text);
  }
}, SLOW);
afterAll(() => folder.remove());

describe('the move of an old DATA_DIR into its own database folder', () => {
  it(
    'moves at start-up, says so once, and loses nothing',
    async () => {
      const dataDir = path.join(folder.dir, 'plain');
      cpSync(template, dataDir, { recursive: true });
      const notices: string[] = [];
      expect(await openAndRead(dataDir, notices)).toEqual(ROWS);
      expect(notices).toEqual([expect.stringMatching(/files were moved into .*database/)]);
      expectNewLayout(dataDir);
      const again: string[] = [];
      expect(await openAndRead(dataDir, again)).toEqual(ROWS);
      expect(again).toEqual([]);
    },
    SLOW,
  );

  it(
    'survives a kill at any point of the move: the next start finishes it',
    async () => {
      const entries = readdirSync(template).filter(isDatabaseEntry).length;
      // After the first entry, half way, just before PG_VERSION, and after it (before the rename).
      for (const after of [1, Math.floor(entries / 2), entries - 1, entries]) {
        const dataDir = path.join(folder.dir, `killed-after-${after}`);
        cpSync(template, dataDir, { recursive: true });
        // Node itself runs the move (tsx as a loader), so the kill ends the process that moves.
        const script = path.join(API_ROOT, 'test', 'backup', 'interrupt-move.ts');
        const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, String(after)], {
          cwd: API_ROOT,
          stdio: 'ignore',
        });
        const signal = await new Promise((resolve) =>
          child.on('exit', (_code, sig) => resolve(sig)),
        );
        expect(signal, `killed after ${after}`).toBe('SIGKILL');
        expect(existsSync(path.join(dataDir, 'database.moving')), `after ${after}`).toBe(true);
        expect(await openAndRead(dataDir), `killed after ${after}`).toEqual(ROWS);
        expectNewLayout(dataDir);
      }
    },
    SLOW,
  );
});
