import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DatabaseHandle } from '../src/db/client';

/**
 * Counts the statements the app sends to its database, by wrapping the driver's query method:
 * node-postgres' `Client.prototype.query` (every pooled connection and every transaction's
 * connection goes through it; patched when this module loads, before a test opens its pool), and
 * the PGlite instance's `query` and each transaction's `query`. BEGIN, COMMIT and ROLLBACK are not
 * counted: they frame a transaction, they are not its work (PGlite sends them without `query`).
 */
let recording: string[] | null = null;

function textOf(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String(first.text);
  return String(first);
}

function record(args: unknown[]): void {
  if (!recording) return;
  const text = textOf(args).trim();
  if (/^(begin|commit|rollback)\b/i.test(text)) return;
  recording.push(text);
}

const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  record(args);
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pgQuery;

const wrappedPglites = new WeakSet<PGlite>();

function countPgliteStatements(client: PGlite): void {
  if (wrappedPglites.has(client)) return;
  wrappedPglites.add(client);
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    record(args);
    return query(...args);
  }) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((...args: Parameters<typeof tx.query>) => {
        record(args);
        return txQuery(...args);
      }) as typeof tx.query;
      return callback(tx);
    });
}

/** The statements `action` sent to the database, in order (their SQL text). */
export async function statementsOf(
  handle: DatabaseHandle,
  action: () => Promise<unknown>,
): Promise<string[]> {
  if (handle.pglite) countPgliteStatements(handle.pglite);
  const seen: string[] = [];
  recording = seen;
  try {
    await action();
  } finally {
    recording = null;
  }
  return seen;
}
