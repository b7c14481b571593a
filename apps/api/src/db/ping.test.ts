import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/database';
import { EMBEDDED_BUSY_GRACE_MS, pingDatabase } from './migrate';

/** Resolves with 'answered' when the promise settles within `ms`, else with 'waiting'. */
function within(promise: Promise<unknown>, ms: number): Promise<'answered' | 'waiting'> {
  return Promise.race([
    promise.then(() => 'answered' as const),
    new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms)),
  ]);
}

describe('pingDatabase while a long transaction is open', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  /** Opens a transaction and keeps it open until the answered function is called. */
  async function holdTransaction() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let isOpen!: () => void;
    const opened = new Promise<void>((resolve) => (isOpen = resolve));
    const done = database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      isOpen();
      await released;
    });
    await opened;
    return async () => {
      release();
      await done;
    };
  }

  it('answers at once, however long the transaction lasts (an import holds one for seconds)', async () => {
    const end = await holdTransaction();
    try {
      const start = Date.now();
      expect(await within(pingDatabase(database.handle, start), 1_000)).toBe('answered');
      expect(await within(pingDatabase(database.handle, start + 5_000), 1_000)).toBe('answered');
    } finally {
      await end();
    }
    expect(await within(pingDatabase(database.handle), 1_000)).toBe('answered');
  });

  // PostgreSQL never queues a ping behind another connection's transaction: PGlite alone.
  it.runIf(TEST_DB === 'pglite')(
    'waits for a transaction seen open for too long, so a stuck database fails its check',
    async () => {
      const end = await holdTransaction();
      const start = Date.now();
      await pingDatabase(database.handle, start);
      const late = pingDatabase(database.handle, start + EMBEDDED_BUSY_GRACE_MS + 1);
      expect(await within(late, 300)).toBe('waiting');
      await end();
      expect(await within(late, 1_000)).toBe('answered');
    },
  );
});
