import type { Database } from '../../db/client';
import { expireOngoingTasksBefore } from '../task/task.repository';
import { lockUserDayMarker, startNewDay } from './user.repository';

/** True when `today` is a later local day than the last one the user was seen on. */
export function isNewDay(lastActiveDate: string | null, today: string): boolean {
  return lastActiveDate === null || today > lastActiveDate;
}

/**
 * The lazy day rollover (PRODUCT.md section 4), run on the first authenticated call of a new local
 * day. Idempotent: the user's row is locked and the marker re-read, so racing calls roll over once.
 */
export async function rollOverDay(db: Database, userId: string, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockUserDayMarker(tx, userId);
    if (!user || !isNewDay(user.lastActiveDate, today)) return;
    const expiredCount = await expireOngoingTasksBefore(tx, userId, today);
    await startNewDay(tx, userId, today, expiredCount);
  });
}
