import type { Env } from '../../config/env';
import type { Database, DatabaseHandle } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { SessionUser } from '../../modules/auth/session.service';
import type { DiaryVault } from '../../modules/diary/diary-vault';

/** The signed-in caller of a request, decided by the bearer token alone. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  timeZone: string;
  /** The caller's local date now. */
  today: string;
  /**
   * The caller's row as the session lookup read it at the start of the request (absent when the
   * day rolled over during authentication). Only a read that comes before any write of the same
   * request may use it instead of reading the row again.
   */
  userRow?: { user: SessionUser; backgroundUrl: string | null };
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
    clock: Clock;
    env: Env;
    /** Seals and opens diary text (AES-256-GCM under the configured data keys). */
    diaryVault: DiaryVault;
    /** An onRequest hook that admits only a live session and runs the day rollover. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    authContext: AuthContext | null;
  }
}
