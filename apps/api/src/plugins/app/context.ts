import type { Env } from '../../config/env';
import type { Database, DatabaseHandle } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { DiaryVault } from '../../modules/diary/diary-vault';
import type { ImportRunner } from '../../modules/imports/import-run';

/** The signed-in caller of a request, decided by the bearer token alone. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  timeZone: string;
  /** The caller's local date now. */
  today: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
    clock: Clock;
    env: Env;
    /** Seals and opens diary text (AES-256-GCM under the configured data keys). */
    diaryVault: DiaryVault;
    /** Writes confirmed imports from other apps in the background (decision 081). */
    importRunner: ImportRunner;
    /** An onRequest hook that admits only a live session and runs the day rollover. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    authContext: AuthContext | null;
  }
}
