import type { Database } from '../../db/client';
import { takeBackStaleImports } from '../imports/import-run';
import {
  purgeDeadSessions,
  purgeDiscardedTasks,
  purgeExpiredEmailTokens,
  purgeExpiredOidcStates,
} from './maintenance.repository';

/**
 * How long a row stays after it stopped being usable. Every check of a session or a sign-in state
 * compares with the checking process's clock: the margin keeps a purge on a process whose clock
 * runs ahead (or a purge that starts while a request is in flight) from deleting a row that
 * another process still counts as live.
 */
export const PURGE_GRACE_MS = 60 * 60_000;

/** One kind of row the purge clears: its name in the log, and the function that deletes it. */
export interface PurgeTarget {
  name: string;
  /** Deletes the rows dead before `cutoff` (now minus the grace); answers how many went. */
  purge(db: Database, cutoff: Date): Promise<number>;
}

/**
 * Every kind of row the scheduled purge clears. A module that adds a table of expiring rows
 * (email verification, password reset) adds its purge to maintenance.repository.ts and one line
 * here.
 */
export const PURGE_TARGETS: PurgeTarget[] = [
  {
    // Idle or absolute expiry passed (a revoked session is deleted at once, by its revocation).
    name: 'sessions',
    purge: purgeDeadSessions,
  },
  {
    // Sign-ins started and never finished (a finished one deletes its state).
    name: 'oidcStates',
    purge: purgeExpiredOidcStates,
  },
  {
    // Verification and reset links that lapsed unused (a used one is deleted as it is used).
    name: 'emailTokens',
    purge: purgeExpiredEmailTokens,
  },
  {
    // Discarded tasks kept for Undo (30 s, decision 022), of users who discarded nothing since.
    name: 'discardedTasks',
    purge: purgeDiscardedTasks,
  },
  {
    // Imports whose process died while writing them (decision 081): taken back as a whole.
    name: 'staleImports',
    purge: takeBackStaleImports,
  },
];

/** Deletes every expired row of every target; answers how many went, by target. */
export async function purgeExpired(
  db: Database,
  now: Date,
  targets: readonly PurgeTarget[] = PURGE_TARGETS,
): Promise<Record<string, number>> {
  const cutoff = new Date(now.getTime() - PURGE_GRACE_MS);
  const counts: Record<string, number> = {};
  for (const target of targets) counts[target.name] = await target.purge(db, cutoff);
  return counts;
}
