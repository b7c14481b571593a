import { AppError, type UpdateUserBody, type User } from '@wellspring/shared';
import type { Database, Executor } from '../../db/client';
import { toLocalDate } from '../../lib/local-date';
import type { AuthContext } from '../../plugins/app/context';
import { getStreak } from '../diary/diary.service';
import { presentUser, type UserViewSettings } from './user.presenter';
import { setDailyMood } from '../check-ins/check-ins.service';
import {
  findUserMood,
  findUserWithBackground,
  updateUser as updateUserRow,
} from './user.repository';

/**
 * The caller's user, with the derived streak and the selected background's URL. `settings` holds
 * EMAIL_VERIFICATION (off: an unverified email shows as null) and PUBLIC_URL.
 */
export async function getUserView(
  db: Executor,
  auth: AuthContext,
  settings: UserViewSettings,
): Promise<User> {
  const row = await findUserWithBackground(db, auth.userId);
  if (!row) throw new AppError('NOT_FOUND', 'No such user');
  const streak = await getStreak(db, auth.userId, auth.today);
  return presentUser(
    row.user,
    {
      diaryStreak: streak.days,
      diaryStreakRestDays: streak.restDaysUsedThisMonth,
      selectedBackgroundPath: row.backgroundUrl,
    },
    settings,
  );
}

/** The caller's mood alone. */
export async function getUserMood(
  db: Executor,
  auth: AuthContext,
): Promise<{ mood: User['mood'] }> {
  const mood = await findUserMood(db, auth.userId);
  if (mood === undefined) throw new AppError('NOT_FOUND', 'No such user');
  return { mood: mood as User['mood'] };
}

/** Applies the few fields a user may change; a mood is today's daily-mood check-in (decision 073). */
export async function updateUser(
  db: Database,
  auth: AuthContext,
  body: UpdateUserBody,
  now: Date,
  settings: UserViewSettings,
): Promise<User> {
  await db.transaction(async (tx) => {
    const changes = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.hasSetMoodToday !== undefined && { hasSetMoodToday: body.hasSetMoodToday }),
      ...(body.hasOnboarded !== undefined && { hasOnboarded: body.hasOnboarded }),
      ...(body.unannouncedExpiredTaskCount !== undefined && { unannouncedExpiredTaskCount: 0 }),
      ...(body.timeZone !== undefined &&
        body.timeZone !== auth.timeZone && {
          timeZone: body.timeZone,
          // A move between zones keeps the day it is: the rollover marker moves to the new zone's
          // date, so a mood set now is not wiped and no day rolls over twice.
          lastActiveDate: toLocalDate(now, body.timeZone),
        }),
    };
    if (Object.keys(changes).length > 0) await updateUserRow(tx, auth.userId, changes);
    if (body.mood !== undefined) await setDailyMood(tx, auth, body.mood, now);
  });
  if (body.timeZone === undefined || body.timeZone === auth.timeZone) {
    return getUserView(db, auth, settings);
  }
  return getUserView(
    db,
    { ...auth, timeZone: body.timeZone, today: toLocalDate(now, body.timeZone) },
    settings,
  );
}
