import { inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { discardedTasks, emailTokens, oidcStates, sessions } from '../../db/schema';

/**
 * How long a row stays after it stopped being usable. Every check of a session or a sign-in state
 * compares with the checking process's clock: the margin keeps a purge on a process whose clock
 * runs ahead (or a purge that starts while a request is in flight) from deleting a row that
 * another process still counts as live.
 */
export const PURGE_GRACE_MS = 60 * 60_000;

/** Rows deleted per statement: a large backlog goes in short transactions, not one long lock. */
export const PURGE_BATCH_SIZE = 1000;

/** One kind of row the purge clears: its name in the log, and the function that deletes it. */
export interface PurgeTarget {
  name: string;
  /** Deletes the rows dead before `cutoff` (now minus the grace); answers how many went. */
  purge(db: Database, cutoff: Date): Promise<number>;
}

/**
 * Deletes the rows of `table` that match `where`, at most {@link PURGE_BATCH_SIZE} a statement,
 * until none is left. `where` must be served by an index. Safe beside another process doing the
 * same: a row already gone is simply not counted.
 */
export async function deleteInBatches(
  db: Database,
  table: PgTable,
  key: PgColumn,
  where: SQL,
): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db.select({ key }).from(table).where(where).limit(PURGE_BATCH_SIZE);
    const deleted = await db.delete(table).where(inArray(key, batch)).returning({ key });
    total += deleted.length;
    if (deleted.length < PURGE_BATCH_SIZE) return total;
  }
}

/** Sessions dead before the cutoff: the same expression as sessions_dead_at_idx, which finds them. */
export function deadSessions(cutoff: Date): SQL {
  return sql`least(${sessions.expiresAt}, ${sessions.idleExpiresAt}) < ${cutoff.toISOString()}`;
}

/** Sign-in states expired before the cutoff (oidc_states_expires_at_idx finds them). */
export function expiredOidcStates(cutoff: Date): SQL {
  return lt(oidcStates.expiresAt, cutoff);
}

/**
 * Every kind of row the scheduled purge clears. A module that adds a table of expiring rows
 * (email verification, password reset) adds one line here.
 */
export const PURGE_TARGETS: PurgeTarget[] = [
  {
    // Idle or absolute expiry passed (a revoked session is deleted at once, by its revocation).
    name: 'sessions',
    purge: (db, cutoff) => deleteInBatches(db, sessions, sessions.id, deadSessions(cutoff)),
  },
  {
    // Sign-ins started and never finished (a finished one deletes its state).
    name: 'oidcStates',
    purge: (db, cutoff) =>
      deleteInBatches(db, oidcStates, oidcStates.stateHash, expiredOidcStates(cutoff)),
  },
  {
    // Verification and reset links that lapsed unused (a used one is deleted as it is used).
    name: 'emailTokens',
    purge: (db, cutoff) =>
      deleteInBatches(db, emailTokens, emailTokens.tokenHash, lt(emailTokens.expiresAt, cutoff)),
  },
  {
    // Discarded tasks kept for Undo (30 s, decision 022), of users who discarded nothing since.
    name: 'discardedTasks',
    purge: (db, cutoff) =>
      deleteInBatches(
        db,
        discardedTasks,
        discardedTasks.taskId,
        lt(discardedTasks.discardedAt, cutoff),
      ),
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
