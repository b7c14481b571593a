// Taking a backup of the configured database: see format.ts for the file, decision 043 for why.
import { spawn } from 'node:child_process';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../lib/paths';
import type { DatabaseHandle } from '../client';
import { type BackupKeyCheck, type BackupManifest, encodeBackup } from './format';

/** The warning printed (and logged) whenever a backup carries the key itself. */
export const INCLUDED_KEY_WARNING =
  'WARNING: this backup carries the encryption key. Anyone holding the file can read every ' +
  'diary in it: keep it as safe as the key itself, never beside ordinary backups.';

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations applied: how many, and the tag of the last one (from the drizzle journal). */
export async function appliedMigrations(
  handle: DatabaseHandle,
): Promise<BackupManifest['migrations']> {
  const result = await handle.db.execute(
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const row = (result as unknown as { rows: { count: number; last: string | null }[] }).rows[0];
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  const last = row?.last ? journal.entries.find((e) => String(e.when) === row.last) : undefined;
  return { count: Number(row?.count ?? 0), last: last?.tag ?? row?.last ?? null };
}

/** The key versions this database knows, with their check values (never the keys). */
export async function keyChecks(handle: DatabaseHandle): Promise<BackupKeyCheck[]> {
  const result = await handle.db.execute(
    sql`select version, check_value from encryption_key_checks order by version`,
  );
  return (result as unknown as { rows: { version: number; check_value: string }[] }).rows.map(
    (r) => ({ version: Number(r.version), checkValue: r.check_value }),
  );
}

/** Runs a program, feeding `input` to it; answers its standard output, or fails with its stderr. */
export function runTool(command: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} was not found: backups of PostgreSQL need its client tools ` +
                '(pg_dump, pg_restore) of the server major version, e.g. apt install postgresql-client',
            )
          : error,
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out));
      const said = Buffer.concat(err).toString().trim();
      // A tool that crashed (pg_restore on some damaged dumps) has no exit code, only a signal.
      const how = signal ? `was ended by signal ${signal}` : `failed (${code})`;
      reject(new Error(`${command} ${how}: ${said}`));
    });
    child.stdin.on('error', () => {}); // A tool that exits early fails through its exit code.
    child.stdin.end(input);
  });
}

/** A consistent dump: PGlite between transactions, PostgreSQL in pg_dump's one snapshot. */
async function dumpDatabase(handle: DatabaseHandle, databaseUrl?: string): Promise<Buffer> {
  if (handle.kind === 'pglite') {
    const client = handle.pglite;
    if (!client) throw new Error('the embedded database handle has no PGlite client');
    await client.query('CHECKPOINT'); // Less write-ahead log to replay at restore.
    // Inside a transaction of its own, which waits for one in progress and holds the next until
    // the files are read: the tar is the state after the last commit, as a restart would see it.
    const blob = await client.transaction(() => client.dumpDataDir('gzip'));
    return Buffer.from(await blob.arrayBuffer());
  }
  if (!databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
  return runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', databaseUrl]);
}

export interface TakeBackupOptions {
  /** PostgreSQL's URL, for pg_dump. */
  databaseUrl?: string | undefined;
  /** The key spec to carry in the file (`--include-key`); otherwise only the key checks. */
  includedKey?: string | undefined;
  now?: Date;
}

/** The whole backup file's bytes and its manifest. */
export async function takeBackup(
  handle: DatabaseHandle,
  options: TakeBackupOptions = {},
): Promise<{ manifest: BackupManifest; bytes: Buffer }> {
  const createdAt = (options.now ?? new Date()).toISOString();
  const dump = await dumpDatabase(handle, options.databaseUrl);
  // Read after the dump: a start-up in between can only add a key check, never change one.
  const [migrations, keys] = await Promise.all([appliedMigrations(handle), keyChecks(handle)]);
  return encodeBackup(
    {
      format: 1,
      database: handle.kind,
      createdAt,
      migrations,
      keys,
      ...(options.includedKey ? { includedKey: options.includedKey } : {}),
      dump: { kind: handle.kind === 'pglite' ? 'pglite-datadir-tgz' : 'pg-dump-custom' },
    },
    dump,
  );
}

/** Writes a file whole, owner-only (0600), flushed, then renamed into place. */
export function writeFileAtomically(file: string, bytes: Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.partial`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    let offset = 0;
    while (offset < bytes.byteLength) offset += writeSync(fd, bytes, offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  const dir = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
