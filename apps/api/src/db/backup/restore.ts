// Restoring a backup file into an empty database, after checking it was made with the configured
// encryption key. Every refusal comes before anything is written. Decision 043.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Env } from '../../config/env';
import { ContentCipher, DecryptionError, parseDataKeys } from '../../lib/crypto/content-cipher';
import { KEY_CHECK_TEXT } from '../../modules/diary/diary-vault';
import { databaseDir, isDatabaseEntry } from '../data-layout';
import { openEmbeddedDatabase } from '../embedded';
import { runTool, writeFileAtomically } from './backup';
import { type BackupKeyCheck, type BackupManifest, decodeBackup } from './format';

/** What an empty embedded DATA_DIR may already hold: the key to restore with, older backups. */
const ALLOWED_IN_EMPTY_DATA_DIR = new Set(['encryption.key', 'backups']);

export type RestoreEnv = Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'DATA_ENCRYPTION_KEY'>;

/** Do the configured keys open every key check value of the backup? */
export function keysMatch(cipher: ContentCipher, checks: readonly BackupKeyCheck[]): boolean {
  return checks.every(({ version, checkValue }) => {
    if (!cipher.hasVersion(version)) return false;
    try {
      return cipher.decrypt(checkValue, version, 'key-check') === KEY_CHECK_TEXT;
    } catch (error) {
      if (error instanceof DecryptionError) return false;
      throw error;
    }
  });
}

function keyFile(env: RestoreEnv): string {
  return path.join(env.DATA_DIR, 'encryption.key');
}

/** The configured key spec, without creating a key file (unlike the server's start). */
function configuredKeySpec(env: RestoreEnv): string | undefined {
  if (env.DATA_ENCRYPTION_KEY) return env.DATA_ENCRYPTION_KEY;
  if (env.DATABASE_URL) return undefined;
  return existsSync(keyFile(env)) ? readFileSync(keyFile(env), 'utf8').trim() : undefined;
}

/** Refuses unless the target database is empty. */
async function assertEmptyTarget(manifest: BackupManifest, env: RestoreEnv): Promise<void> {
  if (manifest.database === 'postgres') {
    if (!env.DATABASE_URL) {
      throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to an empty one.');
    }
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from information_schema.tables
          where table_schema in ('public', 'drizzle')`,
      );
      if ((rows[0]?.count ?? 0) > 0) {
        throw new Error(
          `The database at DATABASE_URL is not empty (${rows[0]!.count} tables in public and ` +
            'drizzle): a backup is restored only into an empty database. Nothing was changed.',
        );
      }
    } finally {
      await client.end();
    }
    return;
  }
  if (env.DATABASE_URL) {
    throw new Error(
      'This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to an empty ' +
        'directory. Nothing was changed.',
    );
  }
  const present = existsSync(env.DATA_DIR)
    ? readdirSync(env.DATA_DIR).filter((name) => !ALLOWED_IN_EMPTY_DATA_DIR.has(name))
    : [];
  if (present.length > 0) {
    throw new Error(
      `DATA_DIR ${env.DATA_DIR} is not empty (it holds ${present.slice(0, 3).join(', ')}` +
        `${present.length > 3 ? ', …' : ''}): a backup is restored only into an empty or new ` +
        'directory. Nothing was changed.',
    );
  }
}

/**
 * Which key the restored database is read with. The configured one must open every key check of
 * the backup. With none configured (a new embedded DATA_DIR), a key the backup carries becomes
 * DATA_DIR/encryption.key; answered so it is written only after the restore succeeded.
 */
function chooseKey(manifest: BackupManifest, env: RestoreEnv): { writeKeyFile?: string } {
  const spec = configuredKeySpec(env);
  const carried = manifest.includedKey;
  if (spec === undefined) {
    if (env.DATABASE_URL) {
      throw new Error('DATA_ENCRYPTION_KEY is required with DATABASE_URL. Nothing was changed.');
    }
    if (carried && keysMatch(new ContentCipher(parseDataKeys(carried)), manifest.keys)) {
      return { writeKeyFile: carried };
    }
    throw new Error(
      `There is no encryption key in ${env.DATA_DIR}: copy the encryption.key this backup was ` +
        'made with into it (or set DATA_ENCRYPTION_KEY) and run the restore again. Nothing was changed.',
    );
  }
  if (keysMatch(new ContentCipher(parseDataKeys(spec)), manifest.keys)) return {};
  const versions = manifest.keys.map((k) => k.version).join(', ') || 'none';
  throw new Error(
    `This backup was made with a different encryption key (key versions ${versions}) than the ` +
      `one configured (${env.DATA_ENCRYPTION_KEY ? 'DATA_ENCRYPTION_KEY' : keyFile(env)}): its ` +
      'diaries could not be read. Configure the key it was made with and run the restore again. ' +
      (carried
        ? 'This backup carries its own key (made with --include-key): ' +
          (env.DATABASE_URL || env.DATA_ENCRYPTION_KEY
            ? 'set DATA_ENCRYPTION_KEY to the "includedKey" of its manifest (`head -2 FILE`). '
            : `move ${keyFile(env)} away and the restore writes the backup's key there. `)
        : '') +
      'Nothing was changed.',
  );
}

/**
 * A backup made before decision 064 is a tar of the whole DATA_DIR: the key, the push keys, the
 * lock of the server that took it, its mail outbox and its earlier backups came with the database.
 * They land in the database folder, where nothing reads them; they are removed so that no later
 * backup carries them on.
 */
function dropServerFiles(pgdata: string): void {
  for (const name of readdirSync(pgdata)) {
    if (!isDatabaseEntry(name)) rmSync(path.join(pgdata, name), { recursive: true, force: true });
  }
}

/** Restores a backup file's bytes; answers its manifest and whether the key file was written. */
export async function restoreBackup(
  bytes: Buffer,
  env: RestoreEnv,
  onNotice?: (message: string) => void,
): Promise<{ manifest: BackupManifest; wroteKeyFile: boolean }> {
  const { manifest, dump } = decodeBackup(bytes);
  await assertEmptyTarget(manifest, env);
  const { writeKeyFile } = chooseKey(manifest, env);
  if (manifest.database === 'postgres') {
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${env.DATABASE_URL!}`,
      ],
      dump,
    );
  } else {
    // The tar is the directory of a running database: its first open replays the write-ahead
    // log as after an unclean stop, which is expected here and not worth a warning.
    const notice = (message: string) => {
      if (!/not shut down cleanly/.test(message)) (onNotice ?? console.warn)(message);
    };
    const embedded = await openEmbeddedDatabase(
      env.DATA_DIR,
      notice,
      new Blob([new Uint8Array(dump)]),
    );
    await embedded.close();
    dropServerFiles(databaseDir(env.DATA_DIR));
    if (writeKeyFile) writeFileAtomically(keyFile(env), Buffer.from(`${writeKeyFile}\n`));
  }
  return { manifest, wroteKeyFile: writeKeyFile !== undefined };
}
