import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;

export async function insertSession(db: Executor, values: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The live session of a token hash at `now` and what authentication needs of its user; undefined
 * when none. Of the session: its id, and when it was last used (to touch it at most once a
 * minute). Of the user: the id, the time zone and the day last seen (for the day's rollover).
 */
export async function findLiveSessionByHash(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt },
      user: { id: users.id, timeZone: users.timeZone, lastActiveDate: users.lastActiveDate },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        gt(sessions.idleExpiresAt, now),
      ),
    )
    .limit(1);
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
