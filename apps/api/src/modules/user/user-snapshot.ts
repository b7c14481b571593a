import type { FastifyRequest } from 'fastify';
import type { UserRow } from './user.repository';

/** The key of a snapshot's content: not exported, so only this module can open one. */
const CONTENT = Symbol('user snapshot');

interface SnapshotContent {
  readonly user: Readonly<UserRow>;
  /** The selected background's path, as the backgrounds table keeps it. */
  readonly backgroundUrl: string | null;
}

/**
 * The caller's user row as the session lookup read it at the start of the request (decision 027).
 * Opaque: no field of it can be read outside this module, it is not a `UserRow` and cannot be
 * passed where one is expected, and it is not on `AuthContext`, which every service receives.
 * Only the read paths of an answer accept it (`answerFromUser`, behind GET /user); a route gets it
 * from {@link readUserForAnswer} before it calls anything, and a service, which has no request,
 * can never get it.
 */
export interface ReadOnlyUserSnapshot {
  readonly [CONTENT]: SnapshotContent;
}

const snapshots = new WeakMap<FastifyRequest, ReadOnlyUserSnapshot>();

/**
 * For the auth hook alone: keeps what the session lookup read of the caller for this request.
 * Not called when the day rolled over during authentication (the row changed since it was read).
 */
export function keepUserSnapshot(request: FastifyRequest, content: SnapshotContent): void {
  snapshots.set(request, { [CONTENT]: content });
}

/**
 * The snapshot of the caller's row for a route that only reads and answers it, taken once: a
 * second call in the same request answers undefined, so the cached row serves one read at most,
 * the first. Undefined too when the day rolled over during authentication, and for a request that
 * is not a GET or HEAD: a call that may write reads the row it answers.
 */
export function readUserForAnswer(request: FastifyRequest): ReadOnlyUserSnapshot | undefined {
  const snapshot = snapshots.get(request);
  snapshots.delete(request);
  return request.method === 'GET' || request.method === 'HEAD' ? snapshot : undefined;
}

/**
 * What an answer shows of the caller: taken from the snapshot when there is one, else read now.
 * The one place a snapshot is opened; its result is for presenting, never for deciding a write.
 */
export async function answerFromUser<T>(
  snapshot: ReadOnlyUserSnapshot | undefined,
  fromSnapshot: (content: SnapshotContent) => T,
  read: () => Promise<T | undefined>,
): Promise<T | undefined> {
  return snapshot ? fromSnapshot(snapshot[CONTENT]) : read();
}
