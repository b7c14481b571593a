// Real databases for the backup, restore and upgrade tests: PGlite on disk, PostgreSQL by URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/client';
import { createEmptyPostgres } from '../database';

/** A temporary folder, removed by the function answered. */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A new, empty PostgreSQL database for a backup test, and how to drop it. */
export const createBackupPostgres = () => createEmptyPostgres('wellspring_backup');

/** Every row of every table in public and drizzle, as JSON text, in a stable order. */
export async function snapshotRows(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = (await handle.db.execute(
    sql`select table_schema, table_name from information_schema.tables
         where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
         order by table_schema, table_name`,
  )) as unknown as { rows: { table_schema: string; table_name: string }[] };
  const out: Record<string, string[]> = {};
  for (const { table_schema: schema, table_name: table } of tables.rows) {
    const result = (await handle.db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${schema}"."${table}" t`),
    )) as unknown as { rows: { row: string }[] };
    out[`${schema}.${table}`] = result.rows.map((r) => r.row).sort();
  }
  return out;
}
