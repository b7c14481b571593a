import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tasks, users } from '../../db/schema';

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
    const [user] = await tx
      .select({ lastActiveDate: users.lastActiveDate })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || !isNewDay(user.lastActiveDate, today)) return;
    const expired = await tx
      .update(tasks)
      .set({ status: 'Expired' })
      .where(
        and(eq(tasks.userId, userId), eq(tasks.status, 'OnGoing'), lt(tasks.acceptedOn, today)),
      )
      .returning({ id: tasks.id });
    await tx
      .update(users)
      .set({
        mood: 'Unknown',
        hasSetMoodToday: false,
        unannouncedExpiredTaskCount: sql`${users.unannouncedExpiredTaskCount} + ${expired.length}`,
        lastActiveDate: today,
      })
      .where(eq(users.id, userId));
  });
}
