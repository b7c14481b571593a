import {
  addDays,
  AppError,
  getForgivingStreak,
  type ForgivingStreak,
  toLocalDate,
  type Diary,
  type DiaryEntry,
} from '@wellspring/shared';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { assertBackfillDay } from '../check-ins/check-ins.service';
import type { AuthContext } from '../../plugins/app/context';
import type { DiaryVault } from './diary-vault';
import { presentDiary, presentDiaryEntry } from './diary.presenter';
import { insertDiary, listDiaries, listEntryDates, type DiaryPage } from './diary.repository';

export async function getDiaries(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  page: DiaryPage = {},
): Promise<DiaryEntry[]> {
  const rows = await listDiaries(db, auth.userId, page);
  return rows.map((row) => presentDiaryEntry(row, vault));
}

/** The user's forgiving diary streak on their local `today` (getForgivingStreak, decision 072). */
export async function getStreak(
  db: Executor,
  userId: string,
  today: string,
): Promise<ForgivingStreak> {
  return getForgivingStreak(await listEntryDates(db, userId, today), today);
}

const WRITTEN_AT_PATH = 'body.writtenAt';
const WRITTEN_AT_TOO_OLD =
  'An entry written offline is kept for its day only until the end of the next day';

/**
 * The day and time an entry is saved with (decision 057): now and today; or, for an entry written
 * offline and sent later, the time it was written (never after now: a device's clock may run
 * ahead) and that time's day in the user's zone, which must be today or yesterday.
 */
export function entryTime(
  auth: AuthContext,
  now: Date,
  writtenAt: string | undefined,
): { day: string; createdAt: Date } {
  if (writtenAt === undefined) return { day: auth.today, createdAt: now };
  const createdAt = new Date(Math.min(Date.parse(writtenAt), now.getTime()));
  const day = toLocalDate(createdAt, auth.timeZone);
  if (day !== auth.today && day !== addDays(auth.today, -1)) {
    throw new AppError('VALIDATION_ERROR', `Invalid ${WRITTEN_AT_PATH}: ${WRITTEN_AT_TOO_OLD}`, [
      { path: WRITTEN_AT_PATH, message: WRITTEN_AT_TOO_OLD },
    ]);
  }
  return { day, createdAt };
}

/**
 * Writes today's entry, or yesterday's when it was written offline before midnight; the unique
 * key on (user, local day) refuses a second for a day, however it races.
 */
export async function createDiary(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  body: { content: string; writtenAt?: string | undefined; date?: string | undefined },
  now: Date,
): Promise<Diary> {
  const isBackfilled = body.date !== undefined && body.date !== auth.today;
  if (isBackfilled) await assertBackfillDay(db, auth, body.date!);
  const { day, createdAt } = isBackfilled
    ? { day: body.date!, createdAt: now }
    : entryTime(auth, now, body.writtenAt);
  try {
    const sealed = vault.seal(auth.userId, day, body.content);
    const row = await insertDiary(db, auth.userId, day, sealed, createdAt, isBackfilled);
    return presentDiary(row, vault);
  } catch (error) {
    if (isUniqueViolation(error, 'diaries_user_day_key')) {
      const message =
        day === auth.today
          ? 'You have already written your diary today'
          : 'You have already written your diary for that day';
      throw new AppError('DIARY_ALREADY_WRITTEN', message);
    }
    throw error;
  }
}
