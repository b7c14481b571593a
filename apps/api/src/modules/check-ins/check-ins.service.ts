import {
  AppError,
  CHECK_IN_TAKEN_AT_MAX_AGE_MS,
  CHECK_INS_PER_DAY_MAX,
  getDayMood,
  levelOfMood,
  toLocalDate,
  type CheckIn,
  type ChosenMood,
  type CreateCheckInBody,
  type LevelSums,
} from '@wellspring/shared';
import { randomUUID } from 'node:crypto';
import type { Database, Executor, Transaction } from '../../db/client';
import type { AuthContext } from '../../plugins/app/context';
import {
  insertCheckInActivities,
  insertCheckInActivityLinks,
  listCheckInActivityIds,
} from '../activities/activities.repository';
import { assertLiveActivities } from '../activities/activities.service';
import type { DiaryVault } from '../diary/diary-vault';
import { findFirstEntryDate } from '../diary/diary.repository';
import { findUser, lockUser, updateUser } from '../user/user.repository';
import { presentCheckIn } from './check-ins.presenter';
import {
  countDayCheckIns,
  deleteCheckInRow,
  deleteDayMood,
  findCheckInDay,
  findDailyMoodCheckIn,
  findFirstMoodDay,
  insertCheckIn,
  insertDays,
  listDayCheckIns,
  listDayMoods,
  updateCheckInMood,
  upsertDayMood,
  type DayMoodRow,
} from './check-ins.repository';
import { addActivityMoodSums, findDayShare, type DayShare } from './mood-sums.repository';

const CHECK_IN_LIMIT_MESSAGE = `A day holds at most ${CHECK_INS_PER_DAY_MAX} check-ins`;

function dayOutOfRange(path: string, message: string): AppError {
  return new AppError('DAY_OUT_OF_RANGE', message, [{ path, message }]);
}

/**
 * Runs a write of one day's check-ins and keeps what rests on the day true after it, in the
 * write's transaction (the caller holds the user's lock): the day's mood (the mean of its
 * check-ins), the user's mood when the day is today (its latest check-in), and the day's share of
 * each activity's mood sums (decision 078), taken out as it was and put back as it is.
 */
async function writeDay<T>(
  tx: Transaction,
  auth: AuthContext,
  localDate: string,
  now: Date,
  write: () => Promise<T>,
): Promise<T> {
  const before = await findDayShare(tx, auth.userId, localDate);
  const result = await write();
  const moods = await listDayMoods(tx, auth.userId, localDate);
  if (moods.length === 0) {
    await deleteDayMood(tx, auth.userId, localDate);
  } else {
    const moodLevelSum = moods.reduce((sum, row) => sum + levelOfMood(row.mood as ChosenMood), 0);
    await upsertDayMood(tx, {
      userId: auth.userId,
      localDate,
      mood: getDayMood(moodLevelSum, moods.length)!,
      checkInCount: moods.length,
      moodLevelSum,
      updatedAt: now,
    });
  }
  if (localDate === auth.today) {
    await updateUser(tx, auth.userId, { mood: moods[0]?.mood ?? 'Unknown' });
  }
  const after = await findDayShare(tx, auth.userId, localDate);
  await addActivityMoodSums(tx, auth.userId, shareChanges([before], [after]));
  return result;
}

/** What moving days from their `before` shares to their `after` ones changes in each activity's sums. */
export function shareChanges(before: readonly DayShare[], after: readonly DayShare[]) {
  const changes = new Map<string, LevelSums & { activityId: string }>();
  const add = (share: DayShare, sign: 1 | -1) => {
    if (share.level === null) return;
    for (const activityId of share.activityIds) {
      const change = changes.get(activityId) ?? { activityId, days: 0, sum: 0, sumOfSquares: 0 };
      change.days += sign;
      change.sum += sign * share.level;
      change.sumOfSquares += sign * share.level * share.level;
      changes.set(activityId, change);
    }
  };
  for (const share of before) add(share, -1);
  for (const share of after) add(share, 1);
  return [...changes.values()].filter((c) => c.days !== 0 || c.sum !== 0);
}

async function assertRoomInDay(tx: Transaction, userId: string, localDate: string) {
  if ((await countDayCheckIns(tx, userId, localDate)) >= CHECK_INS_PER_DAY_MAX) {
    throw new AppError('CHECK_IN_LIMIT', CHECK_IN_LIMIT_MESSAGE);
  }
}

/**
 * A past local day may be back-filled: not the future, not before the user's first day. That is
 * the account's first local day (in the user's zone now), or the first day of a history imported
 * from before it, so a gap in that history can be filled too (decision 073). Today passes as
 * well; the caller treats it as an ordinary write.
 */
export async function assertBackfillDay(
  db: Executor,
  auth: AuthContext,
  date: string,
): Promise<void> {
  const refusal = await findBackfillRefusal(db, auth, date);
  if (refusal !== null) throw dayOutOfRange('body.date', refusal);
}

/** Whether the day view offers back-filling `date`: a past day the rule above accepts. */
export async function canBackfill(db: Executor, auth: AuthContext, date: string): Promise<boolean> {
  return date < auth.today && (await findBackfillRefusal(db, auth, date)) === null;
}

/** Why `date` may not be back-filled, or null when it may (the rule of assertBackfillDay). */
async function findBackfillRefusal(
  db: Executor,
  auth: AuthContext,
  date: string,
): Promise<string | null> {
  if (date > auth.today) return 'That day has not come yet';
  const user = await findUser(db, auth.userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  if (date >= toLocalDate(user.createdAt, auth.timeZone)) return null;
  const [firstMoodDay, firstEntryDate] = await Promise.all([
    findFirstMoodDay(db, auth.userId),
    findFirstEntryDate(db, auth.userId),
  ]);
  const recorded = [firstMoodDay, firstEntryDate].filter((day) => day !== null);
  return recorded.some((first) => date >= first) ? null : 'That day is before your account existed';
}

/** The moment and day of a new check-in: now, a moment taken offline, or a missed past day. */
async function placeCheckIn(
  tx: Transaction,
  auth: AuthContext,
  body: CreateCheckInBody,
  now: Date,
): Promise<{ takenAt: Date; localDate: string; isBackfilled: boolean }> {
  if (body.takenAt !== undefined) {
    const takenAt = new Date(Math.min(Date.parse(body.takenAt), now.getTime()));
    if (now.getTime() - takenAt.getTime() > CHECK_IN_TAKEN_AT_MAX_AGE_MS) {
      throw dayOutOfRange('body.takenAt', 'A check-in taken offline is kept for 48 hours');
    }
    return { takenAt, localDate: toLocalDate(takenAt, auth.timeZone), isBackfilled: false };
  }
  if (body.date === undefined || body.date === auth.today) {
    return { takenAt: now, localDate: auth.today, isBackfilled: false };
  }
  await assertBackfillDay(tx, auth, body.date);
  return { takenAt: now, localDate: body.date, isBackfilled: true };
}

/** Records a check-in for the caller: now, taken offline earlier, or for a missed past day. */
export async function recordCheckIn(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
  body: CreateCheckInBody,
  now: Date,
): Promise<CheckIn> {
  return db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    const place = await placeCheckIn(tx, auth, body, now);
    await assertRoomInDay(tx, auth.userId, place.localDate);
    const activityIds = body.activityIds ?? [];
    await assertLiveActivities(tx, auth.userId, activityIds);
    const id = randomUUID();
    const row = await writeDay(tx, auth, place.localDate, now, async () => {
      const inserted = await insertCheckIn(tx, {
        id,
        userId: auth.userId,
        ...place,
        timeZone: auth.timeZone,
        mood: body.mood,
        feelings: body.feelings ?? [],
        ...vault.sealNote(auth.userId, id, body.note),
        createdAt: now,
      });
      await insertCheckInActivities(tx, id, activityIds);
      return inserted;
    });
    return presentCheckIn(row, activityIds, vault);
  });
}

/**
 * SPEC.md's daily mood (PATCH /v1/user with mood): today's daily-mood check-in, replaced when set
 * again, removed for Unknown. Runs in the caller's transaction.
 */
export async function setDailyMood(
  tx: Transaction,
  auth: AuthContext,
  mood: ChosenMood | 'Unknown',
  now: Date,
): Promise<void> {
  await lockUser(tx, auth.userId);
  const daily = await findDailyMoodCheckIn(tx, auth.userId, auth.today);
  if (!daily && mood !== 'Unknown') await assertRoomInDay(tx, auth.userId, auth.today);
  await writeDay(tx, auth, auth.today, now, async () => {
    if (mood === 'Unknown') {
      if (daily) await deleteCheckInRow(tx, auth.userId, daily.id);
    } else if (daily) {
      await updateCheckInMood(tx, daily.id, { mood, takenAt: now, timeZone: auth.timeZone });
    } else {
      await insertCheckIn(tx, {
        userId: auth.userId,
        takenAt: now,
        timeZone: auth.timeZone,
        localDate: auth.today,
        mood,
        isDailyMood: true,
        createdAt: now,
      });
    }
  });
}

/** Deletes one of the caller's check-ins; 404 for one that is not theirs. */
export async function deleteCheckIn(
  db: Database,
  auth: AuthContext,
  checkInId: string,
  now: Date,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await lockUser(tx, auth.userId);
    const localDate = await findCheckInDay(tx, auth.userId, checkInId);
    if (localDate === null) throw new AppError('NOT_FOUND', 'No such check-in');
    await writeDay(tx, auth, localDate, now, () => deleteCheckInRow(tx, auth.userId, checkInId));
    return { id: checkInId };
  });
}

/** The caller's check-ins of one local day, in the order they were taken. */
export async function getDayCheckIns(
  db: Executor,
  vault: DiaryVault,
  auth: AuthContext,
  localDate: string,
): Promise<{ date: string; checkIns: CheckIn[] }> {
  const rows = await listDayCheckIns(db, auth.userId, localDate);
  const links = await listCheckInActivityIds(
    db,
    rows.map((row) => row.id),
  );
  const activityIdsOf = (id: string) =>
    links.filter((link) => link.checkInId === id).map((link) => link.activityId);
  return {
    date: localDate,
    checkIns: rows.map((row) => presentCheckIn(row, activityIdsOf(row.id), vault)),
  };
}

/** A whole day's mood as one daily-mood check-in: an import's mood, a test's or a bench's seed. */
export interface DailyMoodRecord {
  userId: string;
  localDate: string;
  mood: ChosenMood;
  updatedAt: Date;
  timeZone: string;
}

/** Writes days that hold no check-in yet, each with its daily-mood check-in and its day mood. */
export async function insertDailyMoods(db: Executor, records: DailyMoodRecord[]): Promise<void> {
  await insertDays(
    db,
    records.map((r) => ({
      userId: r.userId,
      takenAt: r.updatedAt,
      timeZone: r.timeZone,
      localDate: r.localDate,
      mood: r.mood,
      isDailyMood: true,
      createdAt: r.updatedAt,
    })),
    records.map((r) => ({
      userId: r.userId,
      localDate: r.localDate,
      mood: r.mood,
      checkInCount: 1,
      moodLevelSum: levelOfMood(r.mood),
      updatedAt: r.updatedAt,
    })),
  );
}

/** A check-in as an import brings it, its activities already the account's own ids. */
export interface ImportedCheckIn {
  takenAt: Date;
  timeZone: string;
  localDate: string;
  mood: ChosenMood;
  feelings: string[];
  activityIds: string[];
  note: string | null;
  isBackfilled: boolean;
  isDailyMood: boolean;
  /** The import from another app that brings it (decision 081), if one does. */
  importId?: string;
}

/**
 * Writes a batch of imported check-ins with new ids, their notes sealed and their activities
 * linked. The days' moods follow, once every batch is in, from importedDayMoods.
 */
export async function insertImportedCheckIns(
  tx: Transaction,
  vault: DiaryVault,
  userId: string,
  records: ImportedCheckIn[],
): Promise<void> {
  const rows = records.map(({ note, activityIds: _ids, ...record }) => {
    const id = randomUUID();
    return {
      ...record,
      id,
      userId,
      ...vault.sealNote(userId, id, note ?? undefined),
      createdAt: record.takenAt,
    };
  });
  await insertDays(tx, rows, []);
  await insertCheckInActivityLinks(
    tx,
    rows.flatMap((row, i) =>
      records[i]!.activityIds.map((activityId) => ({ checkInId: row.id, activityId })),
    ),
  );
}

/** The mood of each day of the imported check-ins: the mean of its check-ins (decision 073). */
export function importedDayMoods(
  userId: string,
  records: readonly { localDate: string; mood: string }[],
  now: Date,
): DayMoodRow[] {
  const days = new Map<string, { count: number; sum: number }>();
  for (const record of records) {
    const day = days.get(record.localDate) ?? { count: 0, sum: 0 };
    day.count += 1;
    day.sum += levelOfMood(record.mood as ChosenMood);
    days.set(record.localDate, day);
  }
  return [...days].map(([localDate, day]) => ({
    userId,
    localDate,
    mood: getDayMood(day.sum, day.count)!,
    checkInCount: day.count,
    moodLevelSum: day.sum,
    updatedAt: now,
  }));
}

/** Writes a batch of days' moods that importedDayMoods computed. */
export async function insertImportedDayMoods(tx: Transaction, rows: DayMoodRow[]): Promise<void> {
  await insertDays(tx, [], rows);
}
