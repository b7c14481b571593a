// The move of a whole instance from the embedded database to PostgreSQL (decision 047): every
// refusal before anything is written, then one transaction on PostgreSQL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../lib/paths';
import { appliedMigrations } from '../backup/backup';
import { openDatabase, type DatabaseHandle } from '../client';
import { prepareDatabase } from '../migrate';
import {
  assertSameLayout,
  copyTable,
  countRows,
  pgliteQuery,
  postgresQuery,
  readLayout,
  resetSequences,
  tablesWithData,
  type TableLayout,
} from './copy-tables';
import { openMoveSource, type MoveSource, type MoveSourceOptions } from './move-source';

export interface MoveOptions extends MoveSourceOptions {
  /** The PostgreSQL database to fill: new, or holding no one's data. */
  databaseUrl: string;
  /** Told each step and each table's count (console.info by default). */
  log?: (line: string) => void;
}

export interface MoveResult {
  /** Rows copied per table, in the order copied. */
  counts: Record<string, number>;
  /** Where the data came from: "DATA_DIR …" or "backup …". */
  source: string;
  /** Where the key checked came from: DATA_ENCRYPTION_KEY or the key file's path. */
  keyOrigin: string;
  milliseconds: number;
}

function refuseData(tables: string[]): Error {
  return new Error(
    `The PostgreSQL database at DATABASE_URL already holds data (in ${tables.join(', ')}): the ` +
      'move copies an instance only into a new, empty database (e.g. createdb wellspring). ' +
      'Nothing was changed.',
  );
}

/** Refuses a target that holds anyone's data; one with only the seeded catalogue is empty. */
async function assertTargetEmpty(target: DatabaseHandle): Promise<void> {
  const client = await target.pool!.connect();
  try {
    const query = postgresQuery(client);
    const { order } = await readLayout(query);
    const busy = await tablesWithData(query, order);
    if (busy.length > 0) throw refuseData(busy);
  } finally {
    client.release();
  }
}

function journalLength(): number {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

async function assertNotNewer(handle: DatabaseHandle, what: string): Promise<void> {
  const result = (await handle.db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as has`,
  )) as unknown as { rows: { has: boolean }[] };
  if (!result.rows[0]?.has) return; // A new database: no migration yet.
  const { count } = await appliedMigrations(handle);
  const known = journalLength();
  if (count > known) {
    throw new Error(
      `${what} has ${count} migrations applied; this release knows ${known}: it was made by a ` +
        'newer release. Run the move with that release. Nothing was changed.',
    );
  }
}

/** One transaction on PostgreSQL: lock, check again, clear the seeded rows, copy, count, commit. */
async function copyInstance(
  source: MoveSource,
  target: DatabaseHandle,
  layout: TableLayout,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const client = await target.pool!.connect();
  const query = postgresQuery(client);
  const all = layout.order.map((name) => `public."${name}"`).join(', ');
  try {
    await client.query('begin');
    // A server started on the target meanwhile waits, and cannot write between check and copy.
    await client.query(`lock table ${all} in access exclusive mode`);
    const busy = await tablesWithData(query, layout.order);
    if (busy.length > 0) throw refuseData(busy);
    await client.query(`truncate ${all}`);
    const counts: Record<string, number> = {};
    await source.handle.pglite!.transaction(async (tx) => {
      for (const name of layout.order) {
        counts[name] = await copyTable(tx, client, name, layout.columns.get(name)!);
        const expected = await countRows(pgliteQuery(tx), name);
        const written = await countRows(query, name);
        if (counts[name] !== expected || written !== expected) {
          throw new Error(
            `${name}: ${expected} rows in the embedded database, ${written} written to ` +
              'PostgreSQL. The move was rolled back: nothing was changed.',
          );
        }
        log(`  ${name}: ${expected.toLocaleString('en')} rows`);
      }
    });
    await resetSequences(query);
    await client.query('commit');
    return counts;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Copies the whole embedded instance (DATA_DIR with its server stopped, or a backup file of it)
 * into PostgreSQL. Diaries stay sealed as they are: PostgreSQL must use the same key.
 */
export async function moveToPostgres(options: MoveOptions): Promise<MoveResult> {
  const log = options.log ?? ((line: string) => console.info(line));
  const started = performance.now();
  const target = await openDatabase({ databaseUrl: options.databaseUrl, poolMax: 2 });
  try {
    await assertTargetEmpty(target);
    const source = await openMoveSource(options);
    try {
      await assertNotNewer(source.handle, `The embedded database (${source.label})`);
      await assertNotNewer(target, 'The PostgreSQL database');
      log(`reading ${source.label}; the key (${source.keyOrigin}) opens its diaries`);
      // Both at this release's schema: what a server's start would do on each.
      await prepareDatabase(source.handle);
      await prepareDatabase(target);
      const client = await target.pool!.connect();
      let targetLayout: TableLayout;
      try {
        targetLayout = await readLayout(postgresQuery(client));
      } finally {
        client.release();
      }
      const layout = await readLayout(pgliteQuery(source.handle.pglite!));
      assertSameLayout(layout, targetLayout);
      log(`copying ${layout.order.length} tables into PostgreSQL, in one transaction:`);
      const counts = await copyInstance(source, target, layout, log);
      return {
        counts,
        source: source.label,
        keyOrigin: source.keyOrigin,
        milliseconds: performance.now() - started,
      };
    } finally {
      await source.close();
    }
  } finally {
    await target.close();
  }
}
