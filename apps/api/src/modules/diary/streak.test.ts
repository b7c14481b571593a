import { addDays } from '@wellspring/shared';
import { describe, expect, it } from 'vitest';
import { diaries } from '../../db/schema';
import { useTestApp } from '../../../test/app';
import { buildDiary, buildUser } from '../../../test/factories';
import { getStreak } from './diary.service';

const TODAY = '2026-03-10';

describe('the diary streak of the stored entries', () => {
  const ctx = useTestApp();

  const streakDays = async (userId: string, today: string) =>
    (await getStreak(ctx.db, userId, today)).days;

  it('counts the run ending today, or yesterday when today has no entry, a missed day bridged', async () => {
    const user = await buildUser(ctx);
    expect(await streakDays(user.id, TODAY)).toBe(0);
    for (const offset of [-1, -2, -3, -5, -8]) await buildDiary(ctx, user, addDays(TODAY, offset));
    // 03-06 is a rest day; 03-04 and 03-03 are two missed days in a row, which end the run.
    expect(await getStreak(ctx.db, user.id, TODAY)).toEqual({
      days: 4,
      restDaysUsedThisMonth: 1,
      restDays: ['2026-03-06'],
    });
    await buildDiary(ctx, user, TODAY);
    expect(await streakDays(user.id, TODAY)).toBe(5);
    // Two days later (two days missed) the run is broken.
    expect(await streakDays(user.id, addDays(TODAY, 2))).toBe(0);
    // An entry dated after `today` (a move to a zone behind) neither counts nor breaks the run.
    expect(await streakDays(user.id, addDays(TODAY, -1))).toBe(4);
  });

  it('counts a run longer than a year', async () => {
    const user = await buildUser(ctx);
    const days = Array.from({ length: 400 }, (_, i) => addDays(TODAY, -i));
    await ctx.db.insert(diaries).values(
      days.map((localDate) => ({
        userId: user.id,
        localDate,
        ...ctx.app.diaryVault.seal(user.id, localDate, 'x'),
        createdAt: ctx.clock.now(),
      })),
    );
    expect(await streakDays(user.id, TODAY)).toBe(400);
    expect(await streakDays(user.id, addDays(TODAY, 1))).toBe(400);
  });
});
