import { AppError, type Diary, type DiaryEntry } from '@wellspring/shared';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/app/context';
import type { DiaryVault } from './diary-vault';
import { presentDiary, presentDiaryEntry } from './diary.presenter';
import { insertDiary, listDiaries, type DiaryWithMood } from './diary.repository';

export async function getDiaries(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  known?: DiaryWithMood[],
): Promise<DiaryEntry[]> {
  // `known`: the entries the session lookup read (decision 048); without them, read now.
  const rows = known ?? (await listDiaries(db, auth.userId));
  return rows.map((row) => presentDiaryEntry(row, vault));
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
    const row = await insertDiary(db, auth.userId, auth.today, sealed, now);
    return presentDiary(row, vault);
  } catch (error) {
    if (isUniqueViolation(error, 'diaries_user_day_key')) {
      throw new AppError('DIARY_ALREADY_WRITTEN', 'You have already written your diary today');
    }
    throw error;
  }
}
