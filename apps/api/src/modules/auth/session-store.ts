import type { Executor } from '../../db/client';
import { generateToken, hashToken, isWellFormedToken } from '../../lib/tokens';
import type { UserRow } from '../user/user.repository';
import {
  deleteSession,
  findLiveSessionByHash,
  insertSession,
  touchSession,
  type LiveSessionRow,
} from './auth-sessions.repository';

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
  await insertSession(db, {
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

export type SessionUser = UserRow;

/** What a live session's lookup answers: the session, its user's row and selected background. */
export interface FoundSession<R extends LiveSessionRow = LiveSessionRow> {
  sessionId: string;
  tokenHash: string;
  user: SessionUser;
  /** The URL of the user's selected background, read in the same query. */
  backgroundUrl: string | null;
  /** The whole row the lookup answered: a lookup that also reads (decision 048) adds its read. */
  row: R;
}

/**
 * A statement that finds the live session of a token hash at `now` (IS_LIVE_SESSION) with
 * LIVE_SESSION_FIELDS, and may read more in the same round trip.
 */
export type SessionLookup<R extends LiveSessionRow> = (
  db: Executor,
  tokenHash: string,
  now: Date,
) => Promise<R | undefined>;

/**
 * The live session a token opens, with its user; null when unknown, revoked or expired. `lookup`
 * is the statement that finds it: the plain lookup, or one that reads a route's answer with it.
 */
export async function findSession<R extends LiveSessionRow = LiveSessionRow>(
  db: Executor,
  token: string,
  now: Date,
  policy: SessionPolicy,
  lookup: SessionLookup<R> = findLiveSessionByHash as SessionLookup<R>,
): Promise<FoundSession<R> | null> {
  if (!isWellFormedToken(token)) return null;
  const tokenHash = hashToken(token);
  const row = await lookup(db, tokenHash, now);
  if (!row) return null;
  // The last use is written at most once a minute, not on every request (decision 048).
  if (now.getTime() - row.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, row.session.id, now, new Date(now.getTime() + policy.idleDays * DAY_MS));
  }
  return {
    sessionId: row.session.id,
    tokenHash,
    user: row.user,
    backgroundUrl: row.backgroundUrl,
    row,
  };
}

/** Ends one session at once; every process sees it on the next call. */
export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}
