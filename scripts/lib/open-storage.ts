/**
 * The harness's in-process database (decision 029): a storage from databases.mjs opened in this
 * process through the API's own client, migrated and seeded, to fill it with plain SQL. Needs tsx
 * (it imports the API's TypeScript); no server may hold a PGlite folder meanwhile.
 */
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/db/client';
import { prepareDatabase } from '../../apps/api/src/db/migrate';
import type { Storage } from './databases.mjs';

export type Row = Record<string, unknown>;
/** One SQL statement with $n parameters, on either driver; answers the rows. */
export type Query = (text: string, params?: unknown[]) => Promise<Row[]>;

export interface OpenStorage {
  handle: DatabaseHandle;
  query: Query;
  close(): Promise<void>;
}

/** Opens the storage in this process, migrated. */
export async function openStorage(storage: Storage): Promise<OpenStorage> {
  const handle = await openDatabase({
    databaseUrl: storage.env.DATABASE_URL,
    dataDir: storage.env.DATA_DIR,
    poolMax: 4,
  });
  await prepareDatabase(handle);
  const query: Query = async (text, params) => {
    if (handle.pool) return (await handle.pool.query(text, params)).rows as Row[];
    return (await handle.pglite!.query<Row>(text, params)).rows;
  };
  return { handle, query, close: () => handle.close() };
}
