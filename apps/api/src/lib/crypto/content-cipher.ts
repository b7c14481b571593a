import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** One data key: AES-256, so 32 bytes, and the version rows record. */
export interface DataKey {
  version: number;
  key: Buffer;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown when a stored value cannot be decrypted with the configured keys. */
export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecryptionError';
  }
}

function decodeKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('a data key must be 32 bytes, base64 or hex');
  return key;
}

/**
 * Parses DATA_ENCRYPTION_KEY: `2:<key>,1:<key>` (the first is the one new writes use), or a
 * single bare key, which is version 1.
 */
export function parseDataKeys(spec: string): DataKey[] {
  const entries = spec
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('DATA_ENCRYPTION_KEY is empty');
  const keys = entries.map((entry) => {
    const match = /^(\d+):(.+)$/.exec(entry);
    if (!match) {
      if (entries.length > 1) throw new Error('with several keys, write each as <version>:<key>');
      return { version: 1, key: decodeKey(entry) };
    }
    const version = Number(match[1]);
    if (!Number.isInteger(version) || version < 1 || version > 32_000) {
      throw new Error('a key version is a whole number from 1 to 32000');
    }
    return { version, key: decodeKey(match[2]!) };
  });
  if (new Set(keys.map((k) => k.version)).size !== keys.length) {
    throw new Error('two data keys have the same version');
  }
  return keys;
}

/** A new key spec, version 1, for a fresh embedded installation. */
export function generateKeySpec(version = 1): string {
  return `${version}:${randomBytes(32).toString('base64')}`;
}

/**
 * The embedded default keeps its key beside its data: created at first start, readable by the
 * owner only. With DATA_ENCRYPTION_KEY set, that wins and no file is written.
 */
export function loadOrCreateKeyFile(dataDir: string): string {
  const file = path.join(dataDir, 'encryption.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const spec = generateKeySpec();
  writeOwnerOnlyFile(dataDir, file, `${spec}\n`);
  return spec;
}

/**
 * Writes a secret file in the data folder, readable by the owner only (0600): written whole,
 * flushed, then renamed into place, so a crash never leaves an empty key file beside the data
 * sealed (or the subscriptions made) with the key it should have held.
 */
export function writeOwnerOnlyFile(dataDir: string, file: string, text: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  chmodSync(temp, 0o600);
  renameSync(temp, file);
  const dir = openSync(dataDir, 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** AES-256-GCM with a random 96-bit IV per value and associated data that binds it to its row. */
export class ContentCipher {
  private readonly byVersion: Map<number, Buffer>;
  readonly current: DataKey;

  constructor(keys: DataKey[]) {
    if (keys.length === 0) throw new Error('at least one data key is needed');
    this.current = keys[0]!;
    this.byVersion = new Map(keys.map((k) => [k.version, k.key]));
  }

  get versions(): number[] {
    return [...this.byVersion.keys()];
  }

  hasVersion(version: number): boolean {
    return this.byVersion.has(version);
  }

  /** A cipher that writes with the key of this version (for key checks). */
  only(version: number): ContentCipher {
    const key = this.byVersion.get(version);
    if (!key) throw new Error(`no data key of version ${version} is configured`);
    return new ContentCipher([{ version, key }]);
  }

  /** Encrypts under the current key: base64 of IV, tag and ciphertext. */
  encrypt(plaintext: string, associatedData: string): { content: string; keyVersion: number } {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return {
      content: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64'),
      keyVersion: this.current.version,
    };
  }

  /** Decrypts a value written under any configured key; a wrong key or a changed value throws. */
  decrypt(content: string, keyVersion: number, associatedData: string): string {
    const key = this.byVersion.get(keyVersion);
    if (!key) throw new DecryptionError(`no data key of version ${keyVersion} is configured`);
    const raw = Buffer.from(content, 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES)
      throw new DecryptionError('the stored value is too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new DecryptionError(`the value does not decrypt with data key version ${keyVersion}`);
    }
  }
}
