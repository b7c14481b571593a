// Where the embedded database lives inside DATA_DIR: a folder of its own, so that what PGlite
// dumps for a backup (its whole data directory) is the database and nothing of the server's own
// (the key, the push keys, the lock, the mail outbox, earlier backups). Decision 064.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
} from 'node:fs';
import path from 'node:path';

/** The folder of DATA_DIR that is PGlite's data directory. */
export const DATABASE_FOLDER = 'database';
/** Where an older layout's database files gather before the folder is renamed into place. */
const MOVING_FOLDER = 'database.moving';

export function databaseDir(dataDir: string): string {
  return path.join(dataDir, DATABASE_FOLDER);
}

/** Is this name one of PostgreSQL's own entries at the top of a data directory? */
export function isDatabaseEntry(name: string): boolean {
  return (
    name === 'PG_VERSION' ||
    name === 'base' ||
    name === 'global' ||
    name.startsWith('pg_') ||
    name.startsWith('postgresql.') ||
    name.startsWith('postmaster.')
  );
}

/** Does DATA_DIR hold an embedded database, in either layout (or half moved)? */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return ['PG_VERSION', path.join(DATABASE_FOLDER, 'PG_VERSION'), MOVING_FOLDER].some((name) =>
    existsSync(path.join(dataDir, name)),
  );
}

function syncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Moves a database laid out the old way (PostgreSQL's files at the top of DATA_DIR) into its own
 * folder; answers whether there was anything to move. Only renames within one directory tree, so
 * nothing is copied and nothing can be half written: each entry is in DATA_DIR or in the moving
 * folder, PG_VERSION goes last, and the moving folder becomes the database folder in one rename.
 * A move interrupted anywhere (a kill, a power cut) is finished by the next start. The caller
 * holds DATA_DIR's lock. `afterStep` is told each entry moved (the interrupted-move test).
 */
export function moveToOwnFolder(dataDir: string, afterStep?: (name: string) => void): boolean {
  const moving = path.join(dataDir, MOVING_FOLDER);
  const target = databaseDir(dataDir);
  const oldLayout = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!oldLayout && !existsSync(moving)) return false;
  if (existsSync(target)) {
    throw new Error(
      `DATA_DIR ${dataDir} holds a database both in ${target} and at its top level ` +
        `(PG_VERSION${existsSync(moving) ? `, ${moving}` : ''}): only one can be the server's. ` +
        'Move the one you do not want out of DATA_DIR and start again. Nothing was changed.',
    );
  }
  mkdirSync(moving, { recursive: true, mode: 0o700 });
  syncDir(dataDir);
  const names = readdirSync(dataDir)
    .filter(isDatabaseEntry)
    .sort((a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'));
  for (const name of names) {
    renameSync(path.join(dataDir, name), path.join(moving, name));
    syncDir(dataDir);
    afterStep?.(name);
  }
  syncDir(moving);
  renameSync(moving, target);
  syncDir(dataDir);
  return true;
}
