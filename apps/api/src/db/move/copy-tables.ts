// Copying every table of the public schema from the embedded database into PostgreSQL, in
// foreign-key order and in batches, inside one transaction on each side. Decision 047.
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** Rows read and written at a time: bounded memory whatever the instance's size. */
export const MOVE_BATCH_ROWS = 1_000;

/**
 * Tables the migrations, the seed or a server's start fill without anyone using the product:
 * their rows do not make a target "hold data", and the copy replaces them with the source's (the
 * users' rows point at the source's backgrounds and catalogue tasks by id).
 */
export const REFERENCE_TABLES = new Set(['backgrounds', 'task_templates', 'encryption_key_checks']);

type Rows<T> = Promise<T[]>;
/** A query on either side, answering its rows. */
export type RunQuery = <T>(text: string, params?: unknown[]) => Rows<T>;

export function pgliteQuery(client: PGlite | PgliteTransaction): RunQuery {
  return async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows;
}

export function postgresQuery(client: pg.ClientBase): RunQuery {
  return async <T>(text: string, params?: unknown[]) =>
    (await client.query(text, params)).rows as T[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const table = (name: string) => `public.${quote(name)}`;

export interface TableLayout {
  /** Every table of the public schema, parents before the tables that refer to them. */
  order: string[];
  /** Each table's columns, in their order. */
  columns: Map<string, string[]>;
}

/** The public schema's tables, in foreign-key order, with their columns. */
export async function readLayout(query: RunQuery): Promise<TableLayout> {
  const tables = await query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const links = await query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint con
       join pg_class child on child.oid = con.conrelid
       join pg_class parent on parent.oid = con.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where con.contype = 'f' and n.nspname = 'public' and con.conrelid <> con.confrelid`,
  );
  const columnRows = await query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER'
      order by table_name, ordinal_position`,
  );
  const columns = new Map<string, string[]>(tables.map((t) => [t.name, []]));
  for (const row of columnRows) columns.get(row.table_name)?.push(row.column_name);

  // Kahn's algorithm, alphabetical among equals so the order (and the output) is stable.
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of links) parents.get(child)?.add(parent);
  const order: string[] = [];
  const left = new Set(parents.keys());
  while (left.size > 0) {
    const ready = [...left].filter((name) => [...parents.get(name)!].every((p) => !left.has(p)));
    if (ready.length === 0) {
      throw new Error(`The tables ${[...left].join(', ')} refer to each other in a cycle.`);
    }
    for (const name of ready.sort()) {
      order.push(name);
      left.delete(name);
    }
  }
  return { order, columns };
}

/** Throws unless both sides have the same tables with the same columns. */
export function assertSameLayout(source: TableLayout, target: TableLayout): void {
  const describe = (layout: TableLayout) =>
    [...layout.columns]
      .map(([name, cols]) => `${name}(${[...cols].sort().join(',')})`)
      .sort()
      .join(' ');
  if (describe(source) !== describe(target)) {
    throw new Error(
      'After the migrations, the embedded database and PostgreSQL do not have the same tables ' +
        'and columns; was one of them changed by hand or by another release? Nothing was changed.',
    );
  }
}

/** The tables (other than the reference tables) that hold at least one row. */
export async function tablesWithData(query: RunQuery, tables: Iterable<string>): Promise<string[]> {
  const found: string[] = [];
  for (const name of tables) {
    if (REFERENCE_TABLES.has(name)) continue;
    const [row] = await query<{ has: boolean }>(
      `select exists (select 1 from ${table(name)}) as has`,
    );
    if (row?.has) found.push(name);
  }
  return found;
}

export async function countRows(query: RunQuery, name: string): Promise<number> {
  const [row] = await query<{ n: number }>(`select count(*)::bigint as n from ${table(name)}`);
  return Number(row?.n ?? 0);
}

/**
 * Copies one table: a cursor on the source, each batch as JSON into one INSERT on the target
 * (json_populate_recordset turns the text back into the target's own column types). The next
 * batch is read while the previous one is written. Answers the rows copied.
 */
export async function copyTable(
  source: PgliteTransaction,
  target: pg.ClientBase,
  name: string,
  columns: readonly string[],
): Promise<number> {
  const list = columns.map(quote).join(', ');
  const insert =
    `insert into ${table(name)} (${list}) overriding system value ` +
    `select ${list} from json_populate_recordset(null::${table(name)}, $1::json)`;
  await source.query(
    `declare move_rows no scroll cursor for select row_to_json(t)::text as r from ${table(name)} t`,
  );
  let copied = 0;
  let writing: Promise<unknown> = Promise.resolve();
  try {
    for (;;) {
      const { rows } = await source.query<{ r: string }>(`fetch ${MOVE_BATCH_ROWS} from move_rows`);
      await writing;
      if (rows.length === 0) break;
      writing = target.query(insert, [`[${rows.map((row) => row.r).join(',')}]`]);
      writing.catch(() => {}); // Awaited above on the next turn; not an unhandled rejection.
      copied += rows.length;
    }
  } finally {
    await writing.catch(() => {});
  }
  await source.query('close move_rows');
  return copied;
}

/** Sets every sequence owned by a column (serial, identity) past the largest value copied. */
export async function resetSequences(query: RunQuery): Promise<void> {
  const owned = await query<{ table_name: string; column_name: string; seq: string }>(
    `select table_name, column_name, pg_get_serial_sequence(format('public.%I', table_name), column_name) as seq
       from information_schema.columns where table_schema = 'public'`,
  );
  for (const { table_name: name, column_name: column, seq } of owned) {
    if (!seq) continue;
    await query(
      `select setval($1::regclass, coalesce((select max(${quote(column)}) from ${table(name)}), 1),
                     (select count(*) > 0 from ${table(name)}))`,
      [seq],
    );
  }
}
