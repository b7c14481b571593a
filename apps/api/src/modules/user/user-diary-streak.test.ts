import { addDays } from '@wellspring/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { buildUser, type TestUser } from '../../../test/factories';
import { diaries } from '../../db/schema';
import { START, TODAY, userRequests } from './user.test-helpers';

describe('user routes', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.clock.set(START));

  const { getUser } = userRequests(ctx);

  describe('diaryStreak in the user object', () => {
    /** Diary entries on the given local dates, written straight to the database. */
    async function writeEntries(user: TestUser, dates: string[]) {
      if (dates.length === 0) return;
      await ctx.db.insert(diaries).values(
        dates.map((localDate) => ({
          userId: user.id,
          localDate,
          content: `Entry of ${localDate}`,
          createdAt: ctx.clock.now(),
        })),
      );
    }
    /** The local dates `from` to `to` days before `today` (0 is today itself). */
    const daysBack = (today: string, from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => addDays(today, -(from + i)));
    const streakOf = async (user: TestUser) => {
      const res = await getUser(user);
      expect(res.statusCode).toBe(200);
      return res.json().data.diaryStreak as number;
    };

    it('is 0 without entries', async () => {
      expect(await streakOf(await buildUser(ctx))).toBe(0);
    });

    it('is 1 once today is written through the API', async () => {
      const user = await buildUser(ctx);
      const res = await call(ctx.app, 'POST', '/api/v1/diary', {
        token: user.token,
        body: { id: user.id, content: 'Today' },
      });
      expect(res.statusCode).toBe(201);
      expect(await streakOf(user)).toBe(1);
    });

    it('counts a streak ending yesterday while today has no entry yet', async () => {
      const user = await buildUser(ctx);
      await writeEntries(user, [addDays(TODAY, -1)]);
      expect(await streakOf(user)).toBe(1);
    });

    it('is 0 when the last entry is two days old', async () => {
      const user = await buildUser(ctx);
      await writeEntries(user, [addDays(TODAY, -2), addDays(TODAY, -3)]);
      expect(await streakOf(user)).toBe(0);
    });

    it('bridges one missed day with a rest day, and stops at two missed in a row', async () => {
      const user = await buildUser(ctx);
      await writeEntries(user, [TODAY, addDays(TODAY, -1), addDays(TODAY, -3)]);
      expect(await streakOf(user)).toBe(3);
      expect((await getUser(user)).json().data.diaryStreakRestDays).toBe(1);
      const other = await buildUser(ctx);
      await writeEntries(other, [addDays(TODAY, -1), addDays(TODAY, -2), addDays(TODAY, -5)]);
      expect(await streakOf(other)).toBe(2);
      expect((await getUser(other)).json().data.diaryStreakRestDays).toBe(0);
    });

    it.each([1, 2, 59, 60, 61, 62, 63, 64, 70, 75, 100])(
      'counts a streak of %i days, ending today or ending yesterday',
      async (length) => {
        const endingToday = await buildUser(ctx);
        await writeEntries(endingToday, daysBack(TODAY, 0, length - 1));
        expect(await streakOf(endingToday)).toBe(length);
        const endingYesterday = await buildUser(ctx);
        await writeEntries(endingYesterday, daysBack(TODAY, 1, length));
        expect(await streakOf(endingYesterday)).toBe(length);
      },
    );

    it('stops at two missed days long ago, and bridges one missed day there', async () => {
      const user = await buildUser(ctx);
      // 80 days with the 66th and 67th days back missing: the streak is days 0 to 65.
      const missing = [addDays(TODAY, -66), addDays(TODAY, -67)];
      await writeEntries(
        user,
        daysBack(TODAY, 0, 79).filter((d) => !missing.includes(d)),
      );
      expect(await streakOf(user)).toBe(66);
      // One missed day of January is bridged: 79 days, no rest day used this (March) month.
      const other = await buildUser(ctx);
      await writeEntries(
        other,
        daysBack(TODAY, 0, 79).filter((d) => d !== missing[0]),
      );
      expect((await getUser(other)).json().data).toMatchObject({
        diaryStreak: 79,
        diaryStreakRestDays: 0,
      });
    });

    it('ignores entries older than the window when the recent days are missing', async () => {
      const user = await buildUser(ctx);
      await writeEntries(user, daysBack(TODAY, 63, 140));
      expect(await streakOf(user)).toBe(0);
    });

    it("counts only the caller's own entries", async () => {
      const user = await buildUser(ctx);
      const other = await buildUser(ctx);
      await writeEntries(other, daysBack(TODAY, 0, 9));
      await writeEntries(user, [TODAY]);
      expect(await streakOf(user)).toBe(1);
      expect(await streakOf(other)).toBe(10);
    });

    it('follows the clock across days: still counted yesterday, gone after a missed day', async () => {
      const user = await buildUser(ctx);
      const write = () =>
        call(ctx.app, 'POST', '/api/v1/diary', {
          token: user.token,
          body: { id: user.id, content: 'Again' },
        });
      expect((await write()).statusCode).toBe(201);
      ctx.clock.advanceDays(1);
      expect(await streakOf(user)).toBe(1);
      expect((await write()).statusCode).toBe(201);
      ctx.clock.advanceDays(1);
      expect((await write()).statusCode).toBe(201);
      expect(await streakOf(user)).toBe(3);
      ctx.clock.advanceDays(1);
      expect(await streakOf(user)).toBe(3);
      ctx.clock.advanceDays(1);
      expect(await streakOf(user)).toBe(0);
    });

    describe('in a time zone whose date differs from UTC', () => {
      // At 12:00Z on 10 March it is already 01:00 on 11 March in Auckland (UTC+13).
      it('Pacific/Auckland: today is the local 11 March while UTC is still on the 10th', async () => {
        const todayOnly = await buildUser(ctx, { timeZone: 'Pacific/Auckland' });
        await writeEntries(todayOnly, ['2026-03-11']);
        expect(await streakOf(todayOnly)).toBe(1);

        const twoDaysOld = await buildUser(ctx, { timeZone: 'Pacific/Auckland' });
        // By UTC this would be yesterday and count; locally it is two days old.
        await writeEntries(twoDaysOld, ['2026-03-09']);
        expect(await streakOf(twoDaysOld)).toBe(0);

        const yesterday = await buildUser(ctx, { timeZone: 'Pacific/Auckland' });
        await writeEntries(yesterday, ['2026-03-10', '2026-03-09', '2026-03-08']);
        expect(await streakOf(yesterday)).toBe(3);
      });

      it('America/Los_Angeles: today is the local 9 March while UTC is on the 10th', async () => {
        ctx.clock.set('2026-03-10T05:00:00Z');
        const yesterdayOnly = await buildUser(ctx, { timeZone: 'America/Los_Angeles' });
        // By UTC this would be two days old; locally it is yesterday.
        await writeEntries(yesterdayOnly, ['2026-03-08']);
        expect(await streakOf(yesterdayOnly)).toBe(1);

        const writer = await buildUser(ctx, { timeZone: 'America/Los_Angeles' });
        await writeEntries(writer, daysBack('2026-03-08', 0, 69));
        const res = await call(ctx.app, 'POST', '/api/v1/diary', {
          token: writer.token,
          body: { id: writer.id, content: 'Late evening' },
        });
        expect(res.json().data.date).toBe('2026-03-09');
        expect(await streakOf(writer)).toBe(71);
      });
    });
  });
});
