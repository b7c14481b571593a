import { AppError, type Diary } from '@wellspring/shared';
import type { Database } from '../../db/client';
import { diaries } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/app/context';
import type { DiaryVault } from './diary-vault';
import { listDiaries } from './diary.repository';

function presentDiary(row: typeof diaries.$inferSelect, vault: DiaryVault): Diary {
  return {
    id: row.id,
    date: row.localDate,
    dateCreated: row.createdAt.toISOString(),
    content: vault.open(row),
  };
}

export async function getDiaries(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
): Promise<Diary[]> {
  return (await listDiaries(db, auth.userId)).map((row) => presentDiary(row, vault));
}

/** Writes today's entry; the unique key on (user, local day) refuses a second, however it races. */
export async function createDiary(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  content: string,
  now: Date,
): Promise<Diary> {
  try {
    const sealed = vault.seal(auth.userId, auth.today, content);
    const [row] = await db
      .insert(diaries)
      .values({ userId: auth.userId, localDate: auth.today, ...sealed, createdAt: now })
      .returning();
    return presentDiary(row!, vault);
  } catch (error) {
    if (isUniqueViolation(error, 'diaries_user_day_key')) {
      throw new AppError('DIARY_ALREADY_WRITTEN', 'You have already written your diary today');
    }
    throw error;
  }
}
