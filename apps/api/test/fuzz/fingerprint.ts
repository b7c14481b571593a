/**
 * The checker's view of the database: every row of every table, and the next transaction id, so a
 * refused request that wrote anything is noticed.
 */
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { type TestContext } from '../app';

// The database fingerprint: every row of every table.

/** The catalogue: no request at all may change it, refused or not. */
export const CATALOGUE_TABLES = ['backgrounds', 'task_templates'];

let tableNames: string[] = [];

export async function rowsOf<T>(ctx: TestContext, query: SQL): Promise<T[]> {
  // Both drivers answer raw SQL with `rows`; Drizzle types the answer per driver.
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Per table, the row count and the newest row version (`xmin`, the id of the transaction that
 * wrote it): any committed insert, update or delete changes one of them, even an update that
 * writes the same values, while a transaction rolled back changes neither. The tables come from
 * the database itself, so a new table is covered without this file being told.
 */
export async function fingerprint(
  ctx: TestContext,
  only?: string[],
): Promise<Record<string, string>> {
  if (tableNames.length === 0) {
    const tables = await rowsOf<{ table_name: string }>(
      ctx,
      sql`SELECT table_name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    tableNames = tables.map((r) => r.table_name);
    expect(tableNames).toEqual(
      expect.arrayContaining(['users', 'tasks', 'goals', 'sessions', ...CATALOGUE_TABLES]),
    );
  }
  const columns = (only ?? tableNames).map(
    (t) => `(SELECT count(*) || ':' || coalesce(max(xmin::text::bigint), 0) FROM "${t}") AS "${t}"`,
  );
  const [row] = await rowsOf<Record<string, string>>(
    ctx,
    // A fingerprint of every table also holds the next transaction id (see nextXid).
    sql.raw(
      `SELECT ${[...columns, ...(only ? [] : [`${NEXT_XID} AS "${NEXT_XID_KEY}"`])].join(', ')}`,
    ),
  );
  return row!;
}

/**
 * The next transaction id PostgreSQL will hand out. Every row change needs a transaction id, so
 * while this stays the same no row of any table can have changed, and the scan of every table
 * (which grows with the rows a long run creates) can be skipped. It moves for a transaction that
 * changed nothing too (a row lock takes an id): then the tables are compared.
 */
export const NEXT_XID = 'pg_snapshot_xmax(pg_current_snapshot())::text';
export const NEXT_XID_KEY = '(next transaction id)';

export async function nextXid(ctx: TestContext): Promise<string> {
  const [row] = await rowsOf<{ xid: string }>(ctx, sql.raw(`SELECT ${NEXT_XID} AS xid`));
  return row!.xid;
}
