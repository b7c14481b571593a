// When the server counts its database's storage as full, and when it stops (decision 064). The
// full-disk path end to end, on a real tmpfs, is test/storage-full.test.ts.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/app/errors';
import { readinessPlugin } from '../plugins/app/readiness';
import { storageFullRefusals } from './metrics';
import { Readiness } from './readiness';
import { FULL_FOR_MS, StorageFull } from './storage-full';

describe('StorageFull', () => {
  it('without a folder to look at (PostgreSQL), counts as full for a while after a refusal', () => {
    let now = 1_000_000;
    const storage = new StorageFull(() => now);
    expect(storage.full).toBe(false);
    storage.markFull();
    now += FULL_FOR_MS - 1;
    expect(storage.full).toBe(true);
    now += 1;
    expect(storage.full).toBe(false);
  });

  it('with the embedded database’s folder, is full until its disk has room again', () => {
    const storage = new StorageFull();
    storage.watch('/nonexistent-folder-of-the-test'); // Unreadable: no room to write.
    storage.markFull();
    expect(storage.full).toBe(true);
    storage.watch(process.cwd()); // A disk with room (the checkout's).
    expect(storage.full).toBe(false);
  });
});

describe('a database error of a full disk', () => {
  it('answers 507 STORAGE_FULL, marks the server not ready and counts it', async () => {
    const readiness = new Readiness('ready');
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(readinessPlugin, { readiness });
    // The error as PostgreSQL (and PGlite) raise it; the driver is outside what is tested here.
    app.post('/write', async () => {
      throw Object.assign(new Error('could not extend file "base/5/16385": No space left'), {
        code: '53100',
      });
    });
    const before = (await storageFullRefusals.get()).values[0]?.value ?? 0;
    const res = await app.inject({ method: 'POST', url: '/write' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({
      code: 'STORAGE_FULL',
      message: "The server's storage is full: nothing was saved. Please try again later.",
    });
    expect(res.body).not.toContain('base/5');
    expect(readiness.storage.full).toBe(true);
    expect((await storageFullRefusals.get()).values[0]?.value).toBe(before + 1);
    await app.close();
  });
});
