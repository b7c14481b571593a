import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ContentCipher,
  DecryptionError,
  generateKeySpec,
  loadOrCreateKeyFile,
  parseDataKeys,
} from './content-cipher';

const keyA = parseDataKeys(generateKeySpec(1))[0]!;
const keyB = parseDataKeys(generateKeySpec(2))[0]!;

describe('ContentCipher', () => {
  it('round-trips text, unicode included, and never stores it readable', () => {
    const cipher = new ContentCipher([keyA]);
    const text = 'Dear Diary… a quiet day 🌿 — ünïcödé';
    const sealed = cipher.encrypt(text, 'user-1:2026-03-10');
    expect(sealed.keyVersion).toBe(1);
    expect(sealed.content).not.toContain('Diary');
    expect(Buffer.from(sealed.content, 'base64').toString('utf8')).not.toContain('Diary');
    expect(cipher.decrypt(sealed.content, 1, 'user-1:2026-03-10')).toBe(text);
  });

  it('uses a fresh IV each time', () => {
    const cipher = new ContentCipher([keyA]);
    expect(cipher.encrypt('same', 'a').content).not.toBe(cipher.encrypt('same', 'a').content);
  });

  it('refuses a value moved to another row (associated data) or altered', () => {
    const cipher = new ContentCipher([keyA]);
    const sealed = cipher.encrypt('mine', 'user-1:2026-03-10');
    expect(() => cipher.decrypt(sealed.content, 1, 'user-2:2026-03-10')).toThrow(DecryptionError);
    const raw = Buffer.from(sealed.content, 'base64');
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(() => cipher.decrypt(raw.toString('base64'), 1, 'user-1:2026-03-10')).toThrow(
      DecryptionError,
    );
  });

  it('writes with the first key and still reads the older ones', () => {
    const old = new ContentCipher([keyA]);
    const sealedOld = old.encrypt('old words', 'x');
    const rotated = new ContentCipher([keyB, keyA]);
    expect(rotated.decrypt(sealedOld.content, 1, 'x')).toBe('old words');
    expect(rotated.encrypt('new words', 'x').keyVersion).toBe(2);
    expect(() => new ContentCipher([keyB]).decrypt(sealedOld.content, 1, 'x')).toThrow(
      /version 1 is configured/,
    );
  });

  it('fails loudly with the wrong key of the right version', () => {
    const sealed = new ContentCipher([keyA]).encrypt('secret', 'x');
    const impostor = { version: 1, key: keyB.key };
    expect(() => new ContentCipher([impostor]).decrypt(sealed.content, 1, 'x')).toThrow(
      DecryptionError,
    );
  });
});

describe('parseDataKeys', () => {
  it('reads a bare key as version 1, in base64 or hex', () => {
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(parseDataKeys(b64)).toEqual([{ version: 1, key: Buffer.alloc(32, 7) }]);
    expect(parseDataKeys(Buffer.alloc(32, 9).toString('hex'))[0]!.key).toEqual(Buffer.alloc(32, 9));
  });

  it('reads several versioned keys, the first being current', () => {
    const spec = `3:${Buffer.alloc(32, 3).toString('base64')},1:${Buffer.alloc(32, 1).toString('base64')}`;
    expect(parseDataKeys(spec).map((k) => k.version)).toEqual([3, 1]);
  });

  it.each([
    ['', /empty/],
    ['short', /32 bytes/],
    [
      `1:${Buffer.alloc(32).toString('base64')},1:${Buffer.alloc(32).toString('base64')}`,
      /same version/,
    ],
    [
      `${Buffer.alloc(32).toString('base64')},${Buffer.alloc(32).toString('base64')}`,
      /<version>:<key>/,
    ],
  ])('refuses %j', (spec, message) => {
    expect(() => parseDataKeys(spec)).toThrow(message);
  });
});

describe('loadOrCreateKeyFile', () => {
  it('creates an owner-only key file once and reads the same key after', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ws-key-'));
    const first = loadOrCreateKeyFile(dir);
    const file = path.join(dir, 'encryption.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateKeyFile(dir)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(parseDataKeys(first)[0]!.version).toBe(1);
  });
});
