import { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/client';
import { namedInTransactions, namedStatementClient } from '../../db/pglite-named';
import { backgrounds, sessions, users } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;

export async function insertSession(db: Executor, values: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * What a live session's lookup reads: of the session, what the request needs (its id, and when it
 * was last used, to touch it at most once a minute); its user's row; the selected background.
 * Not the token hash, the user agent or the expiries: the statement checks those, and every
 * column read is sent, parsed and mapped on every authenticated request.
 */
export const LIVE_SESSION_FIELDS = {
  session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt },
  user: users,
  backgroundUrl: backgrounds.url,
};

/** The live session of the placeholder `tokenHash` at the placeholder `now` (ISO text). */
export const IS_LIVE_SESSION = and(
  eq(sessions.tokenHash, sql.placeholder('tokenHash')),
  gt(sessions.expiresAt, sql.placeholder('now')),
  gt(sessions.idleExpiresAt, sql.placeholder('now')),
);

/**
 * The session's user's local date at the placeholder `now` (a SQL date): what a statement that
 * reads with the session reads "today" by, before the app has seen the user's time zone.
 */
export const SESSION_USER_DATE = sql`((${sql.placeholder('now')})::timestamptz at time zone ${users.timeZone})::date`;

/**
 * SESSION_USER_DATE as YYYY-MM-DD text, for the app to compare with the date it computes: a read
 * made on another day than the app's (a time zone rule the two disagree on) is not used.
 */
export const SESSION_USER_TODAY = sql<string>`to_char(${SESSION_USER_DATE}, 'YYYY-MM-DD')`;

/**
 * A route's read with the live session (decision 048): the session, its user's row and background,
 * the user's local date (`today`) and `read`, from the session's joins. The caller adds a join of
 * its own if it needs one, then `.where(IS_LIVE_SESSION).limit(1).prepare(name)`.
 */
export function selectWithLiveSession<R extends SelectedFields[string]>(db: Executor, read: R) {
  return db
    .select({ ...LIVE_SESSION_FIELDS, today: SESSION_USER_TODAY, read })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(backgrounds, eq(backgrounds.id, users.selectedBackgroundId));
}

/**
 * The lookup every authenticated request makes, built and named once per database: Drizzle does
 * not rebuild its SQL each time, and PostgreSQL parses and plans it once per connection.
 */
function prepareSessionLookup(db: Executor) {
  return db
    .select(LIVE_SESSION_FIELDS)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(backgrounds, eq(backgrounds.id, users.selectedBackgroundId))
    .where(IS_LIVE_SESSION)
    .limit(1)
    .prepare('session_lookup');
}

/** A live session's row as every lookup answers it. */
export type LiveSessionRow = Awaited<
  ReturnType<ReturnType<typeof prepareSessionLookup>['execute']>
>[number];

/**
 * A statement prepared once per database (or transaction) it runs on: `prepare` builds and names
 * it the first time, Drizzle keeps its SQL, and PostgreSQL plans it once per connection.
 */
export function preparedPerDatabase<
  P extends { execute: (values: Record<string, unknown>) => Promise<unknown[]> },
>(prepare: (db: Executor) => P): (db: Executor) => P {
  const prepared = new WeakMap<Executor, P>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = onPgliteNamed(prepare(db));
      prepared.set(db, statement);
    }
    return statement;
  };
}

/**
 * On PGlite (outside a transaction), the statement runs under a name of its own, parsed and
 * planned once (decision 055): Drizzle's PGlite driver drops the name and sends it unnamed.
 */
function onPgliteNamed<P extends object>(statement: P): P {
  const { client } = statement as { client?: unknown };
  if (!(client instanceof PGlite)) return statement;
  return Object.create(statement, { client: { value: namedStatementClient(client) } }) as P;
}

/**
 * A statement of the write transactions, built and named once per database (issue 18 item 3,
 * decision 054), like the reads'. Drizzle binds a prepared statement to the connection it was built
 * on, so each transaction runs a copy of it bound to the transaction's own connection (the same
 * SQL, parameters and result mapping): PostgreSQL then parses and plans it once per connection, and
 * neither database's driver rebuilds its SQL.
 */
export function preparedPerTransaction<
  P extends { execute: (values: Record<string, unknown>) => Promise<unknown[]> },
>(prepare: (tx: Transaction) => P): (tx: Transaction) => P {
  // One database's transactions share its dialect; a process with two databases keeps two.
  const built = new WeakMap<object, { statement: P; clientOf: (client: object) => object }>();
  return (tx) => {
    const { dialect, session } = tx as unknown as { dialect: object; session: { client: object } };
    let entry = built.get(dialect);
    if (!entry) {
      const statement = prepare(tx);
      // Drizzle's prepared queries run on `this.client`: refuse to go on if that ever changes.
      if (!('client' in statement) || !session?.client) {
        throw new Error('preparedPerTransaction: the driver keeps no client on its statements');
      }
      // On PGlite, named once per database too (decision 055); PostgreSQL's connection as it is.
      entry = { statement, clientOf: namedInTransactions() };
      built.set(dialect, entry);
    }
    return Object.create(entry.statement, {
      client: { value: entry.clientOf(session.client) },
    }) as P;
  };
}

const sessionLookupOf = preparedPerDatabase(prepareSessionLookup);

/**
 * The live session of a token hash at `now`, with its user's row and the path of their selected
 * background, in one prepared statement; undefined when none.
 */
export async function findLiveSessionByHash(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<LiveSessionRow | undefined> {
  // Placeholders reach the driver as they are: the instant goes as ISO text, as Drizzle sends it.
  const [row] = await sessionLookupOf(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}

/** Records a use of the session (unless a later one was recorded) and its new idle expiry. */
export async function touchSession(
  db: Executor,
  sessionId: string,
  now: Date,
  idleExpiresAt: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: now, idleExpiresAt })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, now)));
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Deletes the session if it is the user's; answers whether it was. */
export async function deleteUserSession(
  db: Executor,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Deletes every session of the user but `keepSessionId` (every one when null); answers how many. */
export async function deleteSessionsOfUser(
  db: Executor,
  userId: string,
  keepSessionId: string | null,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      keepSessionId === null
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** The user's sessions live at `now`, most recently used first. */
export async function listLiveSessions(
  db: Executor,
  userId: string,
  now: Date,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.idleExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
}

/** When the user's session started, and the user's email; undefined when it is not theirs. */
export async function findSessionStart(db: Executor, userId: string, sessionId: string) {
  const [row] = await db
    .select({ createdAt: sessions.createdAt, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row;
}
