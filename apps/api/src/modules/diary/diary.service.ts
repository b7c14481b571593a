import {
  addDays,
  AppError,
  getForgivingStreak,
  type ForgivingStreak,
  toLocalDate,
  DiaryEntrySchema,
  DiaryListAnswerSchema,
  type Diary,
  type DiaryEntry,
} from '@wellspring/shared';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { jsonArray } from '../../lib/streamed-answer';
import { assertBackfillDay } from '../check-ins/check-ins.service';
import type { AuthContext } from '../../plugins/app/context';
import type { DiaryVault } from './diary-vault';
import { presentDiary, presentDiaryEntry } from './diary.presenter';
import { insertDiary, listDiaries, listEntryDates, type DiaryPage } from './diary.repository';

/** A page of the caller's entries, newest first, each opened and with its day's mood. */
export async function getDiaries(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  page: DiaryPage,
): Promise<DiaryEntry[]> {
  const rows = await listDiaries(db, auth.userId, page);
  return rows.map((row) => presentDiaryEntry(row, vault));
}

/** Entries read, opened and written at a time while answering SPEC.md's whole list. */
export const DIARY_LIST_BATCH = 100;

/**
 * A page of the whole list as the serializer would write it: each entry checked and encoded by
 * the list's schema (a failure is a ResponseSerializationError's kind: a server fault).
 */
async function readEncodedPage(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  before: string | undefined,
): Promise<DiaryEntry[]> {
  const page = await getDiaries(db, vault, auth, { limit: DIARY_LIST_BATCH, before });
  return page.map((entry) => DiaryEntrySchema.encode(entry));
}

/** `first`, then the pages after it, each from the last entry's day, until one comes back short. */
async function* diaryPagesFrom(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  first: DiaryEntry[],
): AsyncGenerator<DiaryEntry[]> {
  let page = first;
  for (;;) {
    yield page;
    if (page.length < DIARY_LIST_BATCH) return;
    page = await readEncodedPage(db, vault, auth, page[page.length - 1]!.date);
  }
}

/**
 * SPEC.md's whole list (GET /diary without a page, decision 086), as the JSON the serializer would
 * write: the envelope, then the entries newest first, a page at a time as the client reads them,
 * so that memory does not grow with the diary. The first page is read before the first byte, so
 * a failure there is still an ordinary error answer.
 */
export async function openDiaryList(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  before?: string,
): Promise<AsyncGenerator<string>> {
  const first = await readEncodedPage(db, vault, auth, before);
  return writeDiaryList(diaryPagesFrom(db, vault, auth, first));
}

async function* writeDiaryList(pages: AsyncIterable<DiaryEntry[]>): AsyncGenerator<string> {
  // The envelope of an empty list, split where its list stands: `{"status":"success","data":`
  // and `}`, written around the entries.
  const empty = JSON.stringify(DiaryListAnswerSchema.encode({ status: 'success', data: [] }));
  const at = empty.lastIndexOf('[]');
  yield empty.slice(0, at);
  yield* jsonArray(pages);
  yield empty.slice(at + 2);
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
