import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { diaries, moodEntries } from '../../db/schema';
import { dayMood, type DiaryWithMood } from './diary.repository';

/**
 * A batch of the user's entries (each with its day's mood), newest first: `limit` entries after skipping `offset`. The read
 * walks the (user, day) key backwards; the text stays sealed until the service opens it.
 */
export async function listDiaryBatch(
  db: Executor,
  userId: string,
  offset: number,
  limit: number,
): Promise<DiaryWithMood[]> {
  return db
    .select({ diary: diaries, mood: moodEntries.mood })
    .from(diaries)
    .leftJoin(moodEntries, dayMood)
    .where(eq(diaries.userId, userId))
    .orderBy(desc(diaries.localDate))
    .limit(limit)
    .offset(offset);
}
