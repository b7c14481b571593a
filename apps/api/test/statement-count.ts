import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DatabaseHandle } from '../src/db/client';

/**
 * Counts the statements the app sends to its database, by wrapping the driver's query method:
 * node-postgres' `Client.prototype.query` (every pooled connection and every transaction's
 * connection goes through it; patched when this module loads, before a test opens its pool), and
 * the PGlite instance's wire protocol (below). BEGIN, COMMIT and ROLLBACK are not counted: they
 * frame a transaction, they are not its work (PGlite sends them as simple queries).
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

/** A NUL-terminated string of a protocol message at `offset`, and the offset after it. */
function cString(bytes: Uint8Array, offset: number): [string, number] {
  const end = bytes.indexOf(0, offset);
  return [Buffer.from(bytes.subarray(offset, end)).toString('utf8'), end + 1];
}

/**
 * Counts PGlite's statements at its wire protocol, as PostgreSQL sees them: one per Execute, named
 * by the text its statement was parsed from. PGlite's `query` sends Parse, Bind and Execute for an
 * unnamed statement, the named ones (decision 055) Bind and Execute alone.
 */
function countPgliteStatements(client: PGlite): void {
  if (wrappedPglites.has(client)) return;
  wrappedPglites.add(client);
  const texts = new Map<string, string>();
  let bound = '';
  const execProtocolStream = client.execProtocolStream.bind(client);
  client.execProtocolStream = (message, options) => {
    const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
    for (let offset = 0; offset < message.length;) {
      const type = String.fromCharCode(message[offset]!);
      const body = offset + 5;
      if (type === 'P') {
        const [name, next] = cString(message, body);
        texts.set(name, cString(message, next)[0]);
      } else if (type === 'B') {
        bound = cString(message, cString(message, body)[1])[0];
      } else if (type === 'E') {
        record([texts.get(bound) ?? '']);
      }
      offset += 1 + view.getInt32(offset + 1);
    }
    return execProtocolStream(message, options);
  };
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
