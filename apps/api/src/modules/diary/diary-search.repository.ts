import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { diaries } from '../../db/schema';
import type { DiaryRow } from './diary.repository';

/**
 * A batch of the user's entries, newest first: `limit` entries after skipping `offset`. The read
 * walks the (user, day) key backwards; the text stays sealed until the service opens it.
 */
export async function listDiaryBatch(
  db: Executor,
  userId: string,
  offset: number,
  limit: number,
): Promise<DiaryRow[]> {
  return db
    .select()
    .from(diaries)
    .where(eq(diaries.userId, userId))
    .orderBy(desc(diaries.localDate))
    .limit(limit)
    .offset(offset);
}
