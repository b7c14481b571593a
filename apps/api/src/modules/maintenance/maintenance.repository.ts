import { inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { discardedTasks, emailTokens, oidcStates, sessions } from '../../db/schema';

/** Rows deleted per statement: a large backlog goes in short transactions, not one long lock. */
export const PURGE_BATCH_SIZE = 1000;

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

/** Sessions whose idle or absolute expiry passed before the cutoff. */
export function purgeDeadSessions(db: Database, cutoff: Date): Promise<number> {
  return deleteInBatches(db, sessions, sessions.id, deadSessions(cutoff));
}

/** Sign-in states expired before the cutoff. */
export function purgeExpiredOidcStates(db: Database, cutoff: Date): Promise<number> {
  return deleteInBatches(db, oidcStates, oidcStates.stateHash, expiredOidcStates(cutoff));
}

/** Verification and reset links expired before the cutoff. */
export function purgeExpiredEmailTokens(db: Database, cutoff: Date): Promise<number> {
  return deleteInBatches(db, emailTokens, emailTokens.tokenHash, lt(emailTokens.expiresAt, cutoff));
}

/** Discarded task copies kept since before the cutoff. */
export function purgeDiscardedTasks(db: Database, cutoff: Date): Promise<number> {
  return deleteInBatches(
    db,
    discardedTasks,
    discardedTasks.taskId,
    lt(discardedTasks.discardedAt, cutoff),
  );
}
