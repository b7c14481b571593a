// The instance to move: the embedded database in DATA_DIR (its server stopped), or a backup file
// of it loaded into a temporary directory; and the check that the configured key reads it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentCipher, DecryptionError, parseDataKeys } from '../../lib/crypto/content-cipher';
import { DiaryVault, PLAINTEXT_VERSION } from '../../modules/diary/diary-vault';
import { keyChecks } from '../backup/backup';
import { decodeBackup, type BackupKeyCheck } from '../backup/format';
import { keysMatch, restoreBackup } from '../backup/restore';
import { openDatabase, type DatabaseHandle } from '../client';
import { hasEmbeddedDatabase } from '../data-layout';
import { dataDirHolder } from '../embedded';
import { pgliteQuery } from './copy-tables';

export interface MoveSourceOptions {
  /** The embedded instance's folder (its server stopped), read when no backup file is given. */
  dataDir: string;
  /** A backup file of the embedded database (npm run backup), instead of DATA_DIR. */
  backupFile?: string | undefined;
  /** DATA_ENCRYPTION_KEY, if set; otherwise DATA_DIR/encryption.key is the key. */
  dataEncryptionKey?: string | undefined;
  onNotice?: (message: string) => void;
}

export interface MoveSource {
  handle: DatabaseHandle;
  /** What was read: "DATA_DIR …" or "backup …". */
  label: string;
  cipher: ContentCipher;
  /** Where the key came from, for the closing advice. */
  keyOrigin: string;
  close(): Promise<void>;
}

const NOTHING = 'Nothing was changed.';

/** The key the PostgreSQL deployment will use: DATA_ENCRYPTION_KEY, else the embedded key file. */
function chooseKey(options: MoveSourceOptions, carried?: string): { spec: string; origin: string } {
  if (options.dataEncryptionKey) {
    return { spec: options.dataEncryptionKey, origin: 'DATA_ENCRYPTION_KEY' };
  }
  const file = path.join(options.dataDir, 'encryption.key');
  if (existsSync(file)) return { spec: readFileSync(file, 'utf8').trim(), origin: file };
  throw new Error(
    `No encryption key is configured: set DATA_ENCRYPTION_KEY to the key the embedded instance ` +
      `used (the contents of its DATA_DIR/encryption.key${
        carried ? ', or the "includedKey" of this backup\'s manifest' : ''
      }), as the PostgreSQL server will need it too. ${NOTHING}`,
  );
}

function wrongKey(origin: string, detail: string): Error {
  return new Error(
    `The encryption key configured (${origin}) is not the key this instance was written with ` +
      `(${detail}): its diaries could not be read on PostgreSQL. Set DATA_ENCRYPTION_KEY to the ` +
      `key of the embedded instance (its DATA_DIR/encryption.key) and run the move again. ${NOTHING}`,
  );
}

function assertKeyChecks(cipher: ContentCipher, checks: BackupKeyCheck[], origin: string): void {
  if (!keysMatch(cipher, checks)) {
    const versions = checks.map((c) => c.version).join(', ') || 'none';
    throw wrongKey(origin, `key versions ${versions}`);
  }
}

/** Opens one diary entry of every key version found: proof that the key reads them, not only the checks. */
async function assertDiariesOpen(
  handle: DatabaseHandle,
  cipher: ContentCipher,
  origin: string,
): Promise<void> {
  const query = pgliteQuery(handle.pglite!);
  const [hasColumn] = await query<{ has: boolean }>(
    `select exists (select 1 from information_schema.columns where table_schema = 'public'
        and table_name = 'diaries' and column_name = 'key_version') as has`,
  );
  if (!hasColumn?.has) return; // Older than encryption: plaintext, sealed at the server's start.
  const samples = await query<{
    user_id: string;
    local_date: string;
    content: string;
    key_version: number;
  }>(
    `select distinct on (key_version) user_id, local_date::text as local_date, content, key_version
       from public.diaries where key_version <> $1 order by key_version`,
    [PLAINTEXT_VERSION],
  );
  const vault = new DiaryVault(cipher);
  for (const row of samples) {
    const version = Number(row.key_version);
    if (!cipher.hasVersion(version))
      throw wrongKey(origin, `diaries sealed with key version ${version}`);
    try {
      vault.open({
        userId: row.user_id,
        localDate: row.local_date,
        content: row.content,
        keyVersion: version,
      });
    } catch (error) {
      if (error instanceof DecryptionError) throw wrongKey(origin, `key version ${version}`);
      throw error;
    }
  }
}

async function hasKeyCheckTable(handle: DatabaseHandle): Promise<boolean> {
  const [row] = await pgliteQuery(handle.pglite!)<{ has: boolean }>(
    `select to_regclass('public.encryption_key_checks') is not null as has`,
  );
  return Boolean(row?.has);
}

/**
 * Opens the source and checks the key, writing nothing anywhere except, for a backup file, the
 * temporary directory it is loaded into (removed by close).
 */
export async function openMoveSource(options: MoveSourceOptions): Promise<MoveSource> {
  const notice = options.onNotice ?? ((message: string) => console.warn(message));
  if (options.backupFile) {
    const bytes = readFileSync(options.backupFile);
    const { manifest } = decodeBackup(bytes);
    if (manifest.database !== 'pglite') {
      throw new Error(
        `${options.backupFile} is a backup of PostgreSQL: restore it with npm run restore. The ` +
          `move reads the embedded database. ${NOTHING}`,
      );
    }
    const { spec, origin } = chooseKey(options, manifest.includedKey);
    const cipher = new ContentCipher(parseDataKeys(spec));
    assertKeyChecks(cipher, manifest.keys, origin);
    const work = mkdtempSync(path.join(tmpdir(), 'wellspring-move-'));
    const remove = () => rmSync(work, { recursive: true, force: true });
    let handle: DatabaseHandle | undefined;
    try {
      const dataDir = path.join(work, 'data');
      await restoreBackup(
        bytes,
        { DATA_DIR: dataDir, DATABASE_URL: undefined, DATA_ENCRYPTION_KEY: spec },
        notice,
      );
      handle = await openDatabase({ dataDir, onNotice: notice });
      await assertDiariesOpen(handle, cipher, origin);
    } catch (error) {
      await handle?.close();
      remove();
      throw error;
    }
    const opened = handle;
    return {
      handle: opened,
      label: `backup ${options.backupFile}`,
      cipher,
      keyOrigin: origin,
      async close() {
        await opened.close();
        remove();
      },
    };
  }

  if (!hasEmbeddedDatabase(options.dataDir)) {
    throw new Error(
      `There is no embedded database in DATA_DIR ${options.dataDir} to move. Set DATA_DIR to ` +
        `the embedded instance's folder, or give a backup file: npm run move-to-postgres -- FILE. ${NOTHING}`,
    );
  }
  const holder = dataDirHolder(options.dataDir);
  if (holder !== undefined) {
    throw new Error(
      `DATA_DIR ${options.dataDir} is in use by process ${holder}: stop the server first (the ` +
        `move copies a database nobody is writing to), or move from a backup it takes: npm run ` +
        `backup, then npm run move-to-postgres -- FILE. ${NOTHING}`,
    );
  }
  const { spec, origin } = chooseKey(options);
  const cipher = new ContentCipher(parseDataKeys(spec));
  // Takes DATA_DIR's lock, so no server can start on it while the move reads it.
  const handle = await openDatabase({ dataDir: options.dataDir, onNotice: notice });
  try {
    if (await hasKeyCheckTable(handle)) assertKeyChecks(cipher, await keyChecks(handle), origin);
    await assertDiariesOpen(handle, cipher, origin);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return {
    handle,
    label: `DATA_DIR ${options.dataDir}`,
    cipher,
    keyOrigin: origin,
    close: () => handle.close(),
  };
}
