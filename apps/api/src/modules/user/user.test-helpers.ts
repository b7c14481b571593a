import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { call, type TestContext } from '../../../test/app';
import type { TestUser } from '../../../test/factories';
import { moodEntries, users } from '../../db/schema';

export const START = '2026-03-10T12:00:00.000Z';
export const TODAY = '2026-03-10';
export const MOODS = ['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'] as const;
export const USER_FIELDS = [
  'diaryStreak',
  'diaryStreakRestDays',
  'email',
  'emailVerified',
  'hasOnboarded',
  'hasSetMoodToday',
  'id',
  'mood',
  'name',
  'pictureURL',
  'selectedBackgroundURL',
  'timeZone',
  'unannouncedExpiredTaskCount',
];

/** The requests and reads the user route tests share, bound to one test app. */
export function userRequests(ctx: TestContext) {
  const getUser = (user: TestUser, query = '') =>
    call(ctx.app, 'GET', `/api/v1/user?id=${user.id}${query}`, { token: user.token });
  const patchUser = (user: TestUser, body: unknown) =>
    call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, { token: user.token, body });
  /** A PATCH with a raw payload, for what a JSON object cannot express. */
  const patchRaw = (user: TestUser, payload: string | undefined, contentType?: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/user?id=${user.id}`,
      headers: {
        authorization: `Bearer ${user.token}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    } satisfies InjectOptions);
  /** Sets the count of expired tasks the user has not been told about yet. */
  const setExpiredCount = (user: TestUser, count: number) =>
    ctx.db.update(users).set({ unannouncedExpiredTaskCount: count }).where(eq(users.id, user.id));
  const moodRows = (user: TestUser) =>
    ctx.db
      .select()
      .from(moodEntries)
      .where(eq(moodEntries.userId, user.id))
      .orderBy(moodEntries.localDate);
  return { getUser, patchUser, patchRaw, setExpiredCount, moodRows };
}
