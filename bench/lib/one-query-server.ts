/**
 * The one-query reference of the API bench (decision 050): a bare node:http server that answers
 * every request with one read of the bench user's row by its key, as JSON of about BODY_BYTES
 * bytes.
 *
 * - DATABASE_URL set: through `pg` with a pool of POOL_MAX connections (the API's DB_POOL_MAX),
 *   the statement prepared once per connection under a name, as a driver does at best;
 * - DATA_DIR set: an in-process PGlite opened on that data directory the way the API opens it
 *   (openEmbeddedDatabase: the same file system and flushes), never while the API holds it.
 *
 * With TOKEN set instead, it is the API's statement reference: each request runs GET /user's own
 * statements (the session lookup, the user's row and background, the diary days of the streak)
 * through the API's own database layer (`openDatabase`: Drizzle, the query timing for /metrics),
 * and answers the row as it comes. What it costs is what GET /user
 * costs without Fastify, its hooks, validation, the presenter and the response schema.
 *
 * Run with `node --import tsx` (it imports the API's TypeScript); PORT, USER_ID, BODY_BYTES, or
 * PORT and TOKEN.
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { openEmbeddedDatabase } from '../../apps/api/src/db/embedded';
import { hashToken } from '../../apps/api/src/lib/tokens';
import { toLocalDate } from '../../apps/api/src/lib/local-date';
import { findLiveSessionByHash } from '../../apps/api/src/modules/auth/auth-sessions.repository';
import { listEntryDates } from '../../apps/api/src/modules/diary/diary.repository';
import { findUserWithBackground } from '../../apps/api/src/modules/user/user.repository';

const USER_QUERY =
  'SELECT id, name, email, mood, time_zone, has_onboarded, created_at FROM users WHERE id = $1';
const userId = process.env.USER_ID ?? '';
const bodyBytes = Number(process.env.BODY_BYTES ?? 1024);

type ReadUser = () => Promise<Record<string, unknown> | undefined>;

async function openReader(): Promise<{ read: ReadUser; close: () => Promise<void> }> {
  const token = process.env.TOKEN;
  if (token) {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
      poolMax: Number(process.env.POOL_MAX ?? 10),
    });
    const tokenHash = hashToken(token);
    return {
      read: async () => {
        const now = new Date();
        const session = await findLiveSessionByHash(database.db, tokenHash, now);
        if (!session) return undefined;
        const row = await findUserWithBackground(database.db, session.user.id);
        const today = toLocalDate(now, session.user.timeZone);
        const days = await listEntryDates(database.db, session.user.id, today);
        return { ...row, days: days.length };
      },
      close: () => database.close(),
    };
  }
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: Number(process.env.POOL_MAX ?? 10),
    });
    const statement = { name: 'one-query-user', text: USER_QUERY, values: [userId] };
    return {
      read: async () => (await pool.query(statement)).rows[0],
      close: () => pool.end(),
    };
  }
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATABASE_URL or DATA_DIR is needed');
  const embedded = await openEmbeddedDatabase(dataDir);
  return {
    read: async () =>
      (await embedded.client.query<Record<string, unknown>>(USER_QUERY, [userId])).rows[0],
    close: () => embedded.close(),
  };
}

/** The answer's envelope around the row, padded once so that it weighs about BODY_BYTES. */
function makeBody(row: Record<string, unknown>, padLength: number): string {
  return JSON.stringify({ status: 'success', data: { ...row, pad: 'x'.repeat(padLength) } });
}

const reader = await openReader();
const first = await reader.read();
if (!first) throw new Error(`no user ${userId}`);
const padLength = Math.max(0, bodyBytes - makeBody(first, 0).length);

const server = createServer((_request, response) => {
  reader.read().then(
    (row) => {
      const body = makeBody(row ?? {}, padLength);
      response.writeHead(row ? 200 : 404, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    },
    (error: unknown) => {
      response.writeHead(500).end(String(error));
    },
  );
}).listen(Number(process.env.PORT), '127.0.0.1');

// PGlite flushes and releases its directory on close; a bench needs nothing kept, but the next
// process on the same folder must not find it locked.
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void reader.close().finally(() => process.exit(0));
});
