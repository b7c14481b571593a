import { eq } from 'drizzle-orm';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, TEST_CIPHER, useTestApp } from '../../../test/app';
import { createTestDatabase, TEST_DB } from '../../../test/database';
import { buildUser } from '../../../test/factories';
import { openDatabase } from '../../db/client';
import { prepareDatabase } from '../../db/migrate';
import { checkIns, diaries } from '../../db/schema';
import { ContentCipher, generateKeySpec, parseDataKeys } from '../../lib/crypto/content-cipher';
import {
  DiaryVault,
  PLAINTEXT_VERSION,
  resealCheckInNotes,
  resealDiaries,
  verifyDataKeys,
} from './diary-vault';

const SECRET = 'the words only I may read: quiet-heron-lantern';

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? allFiles(full) : [full];
  });
}

describe('diary text at rest', () => {
  const ctx = useTestApp();

  it('stores only ciphertext, under the current key, and reads back the words', async () => {
    const user = await buildUser(ctx);
    const res = await call(ctx.app, 'POST', '/api/v1/diary', {
      token: user.token,
      body: { id: user.id, content: SECRET },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(diaries).where(eq(diaries.userId, user.id));
    expect(row!.content).not.toContain('quiet-heron');
    expect(Buffer.from(row!.content, 'base64').toString('latin1')).not.toContain('quiet-heron');
    expect(row!.keyVersion).toBe(TEST_CIPHER.current.version);
    const list = await call(ctx.app, 'GET', `/api/v1/diary?id=${user.id}`, { token: user.token });
    expect(list.json().data[0].content).toBe(SECRET);
  });

  it('cannot be read as another row: an entry copied to another user fails to open', async () => {
    const a = await buildUser(ctx);
    const b = await buildUser(ctx);
    const sealed = ctx.app.diaryVault.seal(a.id, '2026-03-10', SECRET);
    expect(() =>
      ctx.app.diaryVault.open({ userId: b.id, localDate: '2026-03-10', ...sealed }),
    ).toThrow();
  });
});

describe.runIf(TEST_DB === 'pglite')('the embedded database files', () => {
  it('hold no diary text anywhere on disk', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ws-enc-'));
    const handle = await openDatabase({ dataDir });
    await prepareDatabase(handle);
    const ctx = await createTestApp({ database: { handle, destroy: () => handle.close() } });
    const user = await buildUser(ctx);
    for (let day = 0; day < 3; day += 1) {
      const res = await call(ctx.app, 'POST', '/api/v1/diary', {
        token: user.token,
        body: { id: user.id, content: `${SECRET} day ${day}` },
      });
      expect(res.statusCode).toBe(201);
      ctx.clock.advanceDays(1);
    }
    await ctx.close();
    await handle.close();
    try {
      const files = allFiles(dataDir);
      expect(files.length).toBeGreaterThan(10);
      for (const file of files) {
        expect(readFileSync(file).includes('quiet-heron'), file).toBe(false);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('data keys', () => {
  it('fails loudly at start-up with the wrong key, and with a key missing for stored entries', async () => {
    const database = await createTestDatabase();
    try {
      const right = new ContentCipher(parseDataKeys(generateKeySpec(1)));
      await verifyDataKeys(database.handle.db, right);
      const ctx = await createTestApp({ database, cipher: right });
      const user = await buildUser(ctx);
      await call(ctx.app, 'POST', '/api/v1/diary', {
        token: user.token,
        body: { id: user.id, content: SECRET },
      });
      await ctx.close();

      await verifyDataKeys(database.handle.db, right);
      const wrong = new ContentCipher(parseDataKeys(generateKeySpec(1)));
      await expect(verifyDataKeys(database.handle.db, wrong)).rejects.toThrow(
        /not the key this database was written with/,
      );
      const onlyNew = new ContentCipher(parseDataKeys(generateKeySpec(2)));
      await expect(verifyDataKeys(database.handle.db, onlyNew)).rejects.toThrow(
        /version\(s\) 1, which are not configured/,
      );
    } finally {
      await database.destroy();
    }
  });

  it('rotates: re-seals every entry under the new key, and the old key can then go', async () => {
    const database = await createTestDatabase();
    try {
      const spec1 = generateKeySpec(1);
      const spec2 = generateKeySpec(2);
      const v1 = new ContentCipher(parseDataKeys(spec1));
      const ctx = await createTestApp({ database, cipher: v1 });
      const users = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
      for (const user of users) {
        await call(ctx.app, 'POST', '/api/v1/diary', {
          token: user.token,
          body: { id: user.id, content: `${SECRET} for ${user.id}` },
        });
      }
      await ctx.close();

      const rotating = new ContentCipher(parseDataKeys(`${spec2},${spec1}`));
      await verifyDataKeys(database.handle.db, rotating);
      expect(await resealDiaries(database.handle.db, new DiaryVault(rotating))).toBe(3);
      const rows = await database.handle.db.select().from(diaries);
      expect(rows.every((r) => r.keyVersion === 2)).toBe(true);

      const onlyV2 = new ContentCipher(parseDataKeys(spec2));
      await verifyDataKeys(database.handle.db, onlyV2);
      const after = await createTestApp({ database, cipher: onlyV2 });
      const list = await call(after.app, 'GET', `/api/v1/diary?id=${users[0]!.id}`, {
        token: users[0]!.token,
      });
      expect(list.json().data[0].content).toBe(`${SECRET} for ${users[0]!.id}`);
      await after.close();
    } finally {
      await database.destroy();
    }
  });

  it('rotates check-in notes too, and will not start without the key a note is sealed with', async () => {
    const database = await createTestDatabase();
    try {
      const spec1 = generateKeySpec(1);
      const spec2 = generateKeySpec(2);
      const v1 = new ContentCipher(parseDataKeys(spec1));
      const ctx = await createTestApp({ database, cipher: v1 });
      const user = await buildUser(ctx);
      for (const note of [SECRET, undefined, `${SECRET} again`]) {
        const res = await call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
          token: user.token,
          body: { mood: 'Happy', ...(note ? { note } : {}) },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      await ctx.close();

      // The diary holds nothing under version 1: only the notes need the old key.
      const onlyV2 = new ContentCipher(parseDataKeys(spec2));
      await expect(verifyDataKeys(database.handle.db, onlyV2)).rejects.toThrow(
        /check-in notes are sealed with data key version\(s\) 1/,
      );
      const rotating = new ContentCipher(parseDataKeys(`${spec2},${spec1}`));
      await verifyDataKeys(database.handle.db, rotating);
      expect(await resealCheckInNotes(database.handle.db, new DiaryVault(rotating))).toBe(2);
      const rows = await database.handle.db.select().from(checkIns);
      expect(rows.map((r) => r.noteKeyVersion).sort()).toEqual([2, 2, null]);

      await verifyDataKeys(database.handle.db, onlyV2);
      const after = await createTestApp({ database, cipher: onlyV2 });
      const today = after.clock.now().toISOString().slice(0, 10);
      const day = await call(after.app, 'GET', `/api/v1/check-ins?id=${user.id}&date=${today}`, {
        token: user.token,
      });
      expect(day.json().data.checkIns.map((c: { note: string | null }) => c.note)).toEqual([
        SECRET,
        null,
        `${SECRET} again`,
      ]);
      await after.close();
    } finally {
      await database.destroy();
    }
  });

  it('seals text written before encryption existed, and reads it the same', async () => {
    const ctx = await createTestApp();
    try {
      const user = await buildUser(ctx);
      await ctx.db.insert(diaries).values({
        userId: user.id,
        localDate: '2026-03-01',
        content: 'written before encryption',
        keyVersion: PLAINTEXT_VERSION,
        createdAt: ctx.clock.now(),
      });
      const read = async () =>
        (await call(ctx.app, 'GET', `/api/v1/diary?id=${user.id}`, { token: user.token })).json()
          .data[0].content;
      expect(await read()).toBe('written before encryption');
      await resealDiaries(ctx.db, ctx.app.diaryVault, { onlyPlaintext: true });
      const [row] = await ctx.db.select().from(diaries).where(eq(diaries.userId, user.id));
      expect(row!.keyVersion).toBe(TEST_CIPHER.current.version);
      expect(row!.content).not.toContain('before encryption');
      expect(await read()).toBe('written before encryption');
    } finally {
      await ctx.close();
    }
  });
});
