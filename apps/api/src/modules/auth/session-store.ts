import type { Executor } from '../../db/client';
import { generateToken, hashToken, isWellFormedToken } from '../../lib/tokens';
import type { UserRow } from '../user/user.repository';
import {
  deleteSession,
  findLiveSessionByHash,
  insertSession,
  touchSession,
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

/** What authentication reads of a session's user. */
export type SessionUser = Pick<UserRow, 'id' | 'timeZone' | 'lastActiveDate'>;

/** What a live session's lookup answers: the session and its user. */
export interface FoundSession {
  sessionId: string;
  tokenHash: string;
  user: SessionUser;
}

/** The live session a token opens, with its user; null when unknown, revoked or expired. */
export async function findSession(
  db: Executor,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<FoundSession | null> {
  if (!isWellFormedToken(token)) return null;
  const tokenHash = hashToken(token);
  const row = await findLiveSessionByHash(db, tokenHash, now);
  if (!row) return null;
  // The last use is written at most once a minute, not on every request.
  if (now.getTime() - row.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, row.session.id, now, new Date(now.getTime() + policy.idleDays * DAY_MS));
  }
  return { sessionId: row.session.id, tokenHash, user: row.user };
}

/** Ends one session at once; every process sees it on the next call. */
export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}
