import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { backgrounds, sessions, users } from '../../db/schema';
import { generateToken, hashToken, isWellFormedToken } from '../../lib/tokens';

const DAY_MS = 86_400_000;
/** How often the last-use time (and so the idle expiry) is written, at most. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionPolicy {
  idleDays: number;
  absoluteDays: number;
}

/** Starts a session for the user and returns its token, which is never stored. */
export async function createSession(
  db: Executor,
  userId: string,
  now: Date,
  policy: SessionPolicy,
  userAgent?: string,
): Promise<string> {
  const token = generateToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    userAgent: userAgent?.slice(0, 400) ?? null,
    createdAt: now,
    lastUsedAt: now,
    idleExpiresAt: new Date(now.getTime() + policy.idleDays * DAY_MS),
    expiresAt: new Date(now.getTime() + policy.absoluteDays * DAY_MS),
  });
  return token;
}

export type SessionUser = typeof users.$inferSelect;

/** What a live session's lookup answers: the session, its user's row and selected background. */
export interface FoundSession {
  sessionId: string;
  tokenHash: string;
  user: SessionUser;
  /** The URL of the user's selected background, read in the same query. */
  backgroundUrl: string | null;
}

/**
 * The lookup every authenticated request makes, built and named once per database: Drizzle does
 * not rebuild its SQL each time, and PostgreSQL parses and plans it once per connection.
 */
function prepareSessionLookup(db: Executor) {
  return db
    .select({ session: sessions, user: users, backgroundUrl: backgrounds.url })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(backgrounds, eq(backgrounds.id, users.selectedBackgroundId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.idleExpiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}

const preparedLookups = new WeakMap<Executor, ReturnType<typeof prepareSessionLookup>>();

/** The live session a token opens, with its user; null when unknown, revoked or expired. */
export async function findSession(
  db: Executor,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<FoundSession | null> {
  if (!isWellFormedToken(token)) return null;
  const tokenHash = hashToken(token);
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    preparedLookups.set(db, lookup);
  }
  // Placeholders reach the driver as they are: the instant goes as ISO text, as Drizzle sends it.
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString() });
  if (!row) return null;
  if (now.getTime() - row.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, idleExpiresAt: new Date(now.getTime() + policy.idleDays * DAY_MS) })
      .where(and(eq(sessions.id, row.session.id), lt(sessions.lastUsedAt, now)));
  }
  return {
    sessionId: row.session.id,
    tokenHash,
    user: row.user,
    backgroundUrl: row.backgroundUrl,
  };
}

/** Ends one session at once; every process sees it on the next call. */
export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
