// The backup file: one line of magic, one line of JSON manifest, then the database dump's bytes.
// Readable with `head -2 FILE`; the dump is cut out with `tail -n +3 FILE`. Decision 043.
import { createHash } from 'node:crypto';

export const BACKUP_MAGIC = 'WELLSPRING-BACKUP 1';
export const BACKUP_FORMAT_VERSION = 1;
/** The extension of every backup file, so the daily schedule knows its own files. */
export const BACKUP_EXTENSION = '.wsbackup';

export interface BackupKeyCheck {
  version: number;
  /** The encryption_key_checks row: a fixed text sealed with that key version (never the key). */
  checkValue: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT_VERSION;
  database: 'pglite' | 'postgres';
  /** ISO 8601, UTC. */
  createdAt: string;
  migrations: { count: number; last: string | null };
  /** The data key versions the database knows, each with its key check value. */
  keys: BackupKeyCheck[];
  /** The key spec itself ("2:<key>,1:<key>"), only with `npm run backup -- --include-key`. */
  includedKey?: string;
  dump: {
    /** PGlite: its data directory as a gzipped tar; PostgreSQL: `pg_dump --format=custom`. */
    kind: 'pglite-datadir-tgz' | 'pg-dump-custom';
    bytes: number;
    sha256: string;
  };
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The whole file: magic line, manifest line, dump. */
export function encodeBackup(
  manifest: Omit<BackupManifest, 'dump'> & { dump: Pick<BackupManifest['dump'], 'kind'> },
  dump: Uint8Array,
): { manifest: BackupManifest; bytes: Buffer } {
  const full: BackupManifest = {
    ...manifest,
    dump: { kind: manifest.dump.kind, bytes: dump.byteLength, sha256: sha256(dump) },
  };
  const head = Buffer.from(`${BACKUP_MAGIC}\n${JSON.stringify(full)}\n`, 'utf8');
  return { manifest: full, bytes: Buffer.concat([head, dump]) };
}

/** Reads a backup file's manifest and dump; anything damaged or foreign is refused. */
export function decodeBackup(bytes: Buffer): { manifest: BackupManifest; dump: Buffer } {
  const first = bytes.indexOf(0x0a);
  if (first < 0 || bytes.subarray(0, first).toString('utf8') !== BACKUP_MAGIC) {
    throw new Error('This is not a Wellspring backup file (its first line is not the magic line).');
  }
  const second = bytes.indexOf(0x0a, first + 1);
  if (second < 0) throw new Error('This backup file is cut short: it has no manifest line.');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.subarray(first + 1, second).toString('utf8')) as BackupManifest;
  } catch {
    throw new Error('This backup file is damaged: its manifest line is not JSON.');
  }
  if (manifest.format !== BACKUP_FORMAT_VERSION) {
    throw new Error(
      `This backup file has format ${String(manifest.format)}; this release reads 1.`,
    );
  }
  const dump = bytes.subarray(second + 1);
  if (dump.byteLength !== manifest.dump?.bytes || sha256(dump) !== manifest.dump.sha256) {
    throw new Error(
      'This backup file is damaged or cut short: its dump does not match its manifest.',
    );
  }
  return { manifest, dump };
}

/** A file name that sorts by time: wellspring-2026-11-24T10-49-33Z.wsbackup. */
export function backupFileName(at: Date, suffix = ''): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `wellspring-${stamp}${suffix}${BACKUP_EXTENSION}`;
}
