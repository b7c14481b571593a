// Migrations that rewrite data are transactional and resumable (decision 043): drizzle's migrator
// runs every pending migration in one transaction on both drivers, so a migration failing halfway
// leaves the database as it was, and a rerun after the fix completes it, once.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { MIGRATIONS_DIR } from '../../src/lib/paths';
import { createUserAccount } from '../../src/modules/user/create-user';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../database';
import { tempDir } from './databases';

const folder = tempDir('ws-migrations-');
const migrations = path.join(folder.dir, 'drizzle');
let database: TestDatabase;
let handle: DatabaseHandle;
let userId: string;

/** Adds a migration to the copied folder, after the real ones. */
function addMigration(tag: string, statements: string[]): void {
  const journalFile = path.join(migrations, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  writeFileSync(
    path.join(migrations, `${tag}.sql`),
    statements.join('\n--> statement-breakpoint\n'),
  );
}

function migrate(): Promise<void> {
  return handle.kind === 'postgres'
    ? migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: migrations })
    : migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: migrations });
}

async function state() {
  const [user] = await handle.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  const probe = (await handle.db.execute(
    sql`select count(*)::int as n from information_schema.tables where table_name = 'upgrade_probe'`,
  )) as unknown as { rows: { n: number }[] };
  const applied = (await handle.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: number }[] };
  return {
    name: user!.name,
    probeTable: Number(probe.rows[0]!.n) === 1,
    applied: Number(applied.rows[0]!.n),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  handle = database.handle;
  const user = await handle.db.transaction((tx) =>
    createUserAccount(tx, { name: 'Ada', email: 'ada@example.test', timeZone: 'UTC' }, new Date()),
  );
  userId = user.id;
  cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
}, 120_000);
afterAll(async () => {
  await database.destroy();
  folder.remove();
});

describe(`a migration that fails halfway (${TEST_DB})`, () => {
  it('leaves the database as before, and a rerun after the fix completes it once', async () => {
    const before = await state();
    expect(before).toMatchObject({ name: 'Ada', probeTable: false });

    // Two pending migrations: the first rewrites data, the second fails after its own rewrite.
    addMigration('9000_rewrite_names', [
      'CREATE TABLE "upgrade_probe" ("id" integer)',
      `UPDATE "users" SET "name" = "name" || ' (renamed)'`,
    ]);
    addMigration('9001_fails_halfway', [
      `UPDATE "users" SET "name" = "name" || ' (twice)'`,
      'SELECT 1 / 0',
    ]);
    await expect(migrate()).rejects.toThrow();
    expect(await state()).toEqual(before);

    // The fix: the failing statement corrected; the rerun applies both, once.
    const fixed = path.join(migrations, '9001_fails_halfway.sql');
    writeFileSync(fixed, readFileSync(fixed, 'utf8').replace('SELECT 1 / 0', 'SELECT 1'));
    await migrate();
    expect(await state()).toEqual({
      name: 'Ada (renamed) (twice)',
      probeTable: true,
      applied: before.applied + 2,
    });
    await migrate();
    expect((await state()).name).toBe('Ada (renamed) (twice)');
  });
});
