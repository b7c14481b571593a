import type { Transaction } from '../../db/client';
import type { AuthContext } from '../../plugins/app/context';
import { updateUser } from '../user/user.repository';
import { importedDayMoods, shareChanges } from './check-ins.service';
import {
  deleteDayMoods,
  deleteImportCheckIns,
  insertDays,
  listCheckInMoodsOn,
  listDayMoods,
  listImportCheckInDays,
  type DayMoodRow,
} from './check-ins.repository';
import { addActivityMoodSums, rebuildActivityMoodSums } from './mood-sums.repository';

/** The most days one statement names when an import is taken back. */
const DAYS_PER_STATEMENT = 1000;

/**
 * Takes back the check-ins an import wrote (decision 081), and makes the days they were on what
 * the check-ins left there say: their moods, the user's mood when one is today, and the activity
 * sums. The caller holds the user's lock.
 */
export async function takeBackImportedCheckIns(
  tx: Transaction,
  auth: Pick<AuthContext, 'userId' | 'today'>,
  importId: string,
  now: Date,
): Promise<void> {
  const days = await listImportCheckInDays(tx, importId);
  await deleteImportCheckIns(tx, importId);
  for (let i = 0; i < days.length; i += DAYS_PER_STATEMENT) {
    const part = days.slice(i, i + DAYS_PER_STATEMENT);
    const left = await listCheckInMoodsOn(tx, auth.userId, part);
    await deleteDayMoods(tx, auth.userId, part);
    await insertDays(tx, [], importedDayMoods(auth.userId, left, now));
  }
  if (days.includes(auth.today)) await setTodaysMood(tx, auth);
  await rebuildActivityMoodSums(tx, auth.userId);
}

/** The user's mood as the latest check-in of their today says (Unknown without one). */
export async function setTodaysMood(
  tx: Transaction,
  auth: Pick<AuthContext, 'userId' | 'today'>,
): Promise<void> {
  const moods = await listDayMoods(tx, auth.userId, auth.today);
  await updateUser(tx, auth.userId, { mood: moods[0]?.mood ?? 'Unknown' });
}

/**
 * Adds what a batch of imported days brings to the activity sums (decision 078), in the batch's
 * transaction: each day's mood for every activity its check-ins named. The days are new to the
 * account (a day it holds is skipped whole), so their shares only add.
 */
export async function addImportedActivitySums(
  tx: Transaction,
  userId: string,
  dayMoods: readonly DayMoodRow[],
  checkIns: readonly { localDate: string; activityIds: readonly string[] }[],
): Promise<void> {
  const named = new Map<string, Set<string>>();
  for (const checkIn of checkIns) {
    const ids = named.get(checkIn.localDate) ?? new Set<string>();
    for (const id of checkIn.activityIds) ids.add(id);
    named.set(checkIn.localDate, ids);
  }
  const shares = dayMoods.map((day) => ({
    level: day.moodLevelSum / day.checkInCount,
    activityIds: [...(named.get(day.localDate) ?? [])],
  }));
  await addActivityMoodSums(tx, userId, shareChanges([], shares));
}
