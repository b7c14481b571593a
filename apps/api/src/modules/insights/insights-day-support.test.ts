import { type ChosenMood } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import {
  buildDiary,
  buildGoal,
  buildTask,
  buildUser,
  type TestUser,
} from '../../../test/factories';
import { users } from '../../db/schema';
import { insertDailyMoods } from '../check-ins/check-ins.service';

// Noon UTC on 10 March 2026: the same local day in UTC and in Auckland (+13).
const NOW = '2026-03-10T10:00:00.000Z';

describe('insights: one day, and the support card', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set(NOW));

  const get = async (user: TestUser, path: string) => {
    const res = await call(ctx.app, 'GET', `/api/v1/${path}`, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const dismiss = async (user: TestUser) => {
    const res = await call(ctx.app, 'POST', '/api/v1/insights/support/dismiss', {
      token: user.token,
      body: { id: user.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const moods = (user: TestUser, entries: [string, ChosenMood][]) =>
    insertDailyMoods(
      ctx.db,
      entries.map(([localDate, mood]) => ({
        userId: user.id,
        localDate,
        mood,
        updatedAt: ctx.clock.now(),
        timeZone: 'UTC',
      })),
    );

  describe('GET /insights/day', () => {
    it("answers the day's mood, its diary entry opened, and the tasks completed that local day in order", async () => {
      const user = await buildUser(ctx, { timeZone: 'Pacific/Auckland' });
      const goal = await buildGoal(ctx, user, { target: 50_000, earned: 0 });
      await moods(user, [
        ['2026-03-08', 'Sad'],
        ['2026-03-09', 'Happy'],
      ]);
      await buildDiary(ctx, user, '2026-03-09', 'Walked by the sea with Ana.');
      await buildDiary(ctx, user, '2026-03-08', 'A grey one.');
      // 09:00 and 22:00 on 9 March in Auckland; 11:30 UTC on 9 March is already 10 March there.
      const later = await buildTask(ctx, user, goal.id, {
        status: 'Completed',
        createdAt: new Date('2026-03-09T09:00:00Z'),
        offset: 1,
      });
      const earlier = await buildTask(ctx, user, goal.id, {
        status: 'Completed',
        createdAt: new Date('2026-03-08T20:00:00Z'),
      });
      await buildTask(ctx, user, goal.id, {
        status: 'Completed',
        createdAt: new Date('2026-03-09T11:30:00Z'),
        offset: 2,
      });
      await buildTask(ctx, user, goal.id, {
        status: 'OnGoing',
        createdAt: new Date('2026-03-08T21:00:00Z'),
        offset: 3,
      });

      const day = await get(user, `insights/day?id=${user.id}&date=2026-03-09`);
      expect(day).toMatchObject({ date: '2026-03-09', mood: 'Happy' });
      expect(day.diary).toMatchObject({
        date: '2026-03-09',
        content: 'Walked by the sea with Ana.',
      });
      expect(day.tasks).toEqual([
        {
          id: earlier.id,
          title: earlier.title,
          mood: earlier.mood,
          points: earlier.points,
          completedAt: '2026-03-08T20:00:00.000Z',
        },
        {
          id: later.id,
          title: later.title,
          mood: later.mood,
          points: later.points,
          completedAt: '2026-03-09T09:00:00.000Z',
        },
      ]);
    });

    it('answers an empty day plainly, and refuses a date that is not one', async () => {
      const user = await buildUser(ctx);
      expect(await get(user, `insights/day?id=${user.id}&date=2026-01-01`)).toEqual({
        date: '2026-01-01',
        mood: null,
        diary: null,
        checkIns: [],
        tasks: [],
        canBackfill: false,
      });
      // Year 0 is a valid ISO date (and 0000-02-29 a leap day) that neither database can hold:
      // the fuzzing found it answered 500. No day before the earliest an import takes has data.
      for (const date of ['2026-02-30', '2026-3-1', 'yesterday', '', '0000-02-29', '1999-12-31']) {
        const res = await call(ctx.app, 'GET', `/api/v1/insights/day?id=${user.id}&date=${date}`, {
          token: user.token,
        });
        expect(res.statusCode, date).toBe(400);
      }
    });

    it('offers back-filling a past day from the user’s first day on, never today or before', async () => {
      ctx.clock.set('2026-03-05T10:00:00.000Z');
      const user = await buildUser(ctx);
      ctx.clock.set(NOW);
      const canBackfill = async (date: string) =>
        (await get(user, `insights/day?id=${user.id}&date=${date}`)).canBackfill;
      expect(await canBackfill('2026-03-09')).toBe(true);
      expect(await canBackfill('2026-03-05')).toBe(true);
      expect(await canBackfill('2026-03-10')).toBe(false);
      expect(await canBackfill('2026-03-11')).toBe(false);
      expect(await canBackfill('2026-03-04')).toBe(false);
      // A history imported from before the account opens its days too.
      await moods(user, [['2026-02-20', 'Happy']]);
      expect(await canBackfill('2026-03-04')).toBe(true);
      expect(await canBackfill('2026-02-19')).toBe(false);
    });

    it("never answers another user's day", async () => {
      const owner = await buildUser(ctx);
      const other = await buildUser(ctx);
      await buildDiary(ctx, owner, '2026-03-09', 'Only mine.');
      const res = await call(
        ctx.app,
        'GET',
        `/api/v1/insights/day?id=${owner.id}&date=2026-03-09`,
        { token: other.token },
      );
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Only mine.');
      // The other user's own day of that date is empty.
      expect((await get(other, `insights/day?id=${other.id}&date=2026-03-09`)).diary).toBeNull();
    });
  });

  describe('GET /insights/support and POST /insights/support/dismiss', () => {
    it('offers the card after Sad or Depressed on 3 of the last 5 days with a mood, not on 2', async () => {
      const user = await buildUser(ctx);
      await moods(user, [
        ['2026-03-02', 'Depressed'],
        ['2026-03-05', 'Happy'],
        ['2026-03-06', 'Sad'],
        ['2026-03-08', 'Neutral'],
        ['2026-03-09', 'Depressed'],
      ]);
      // 9, 8, 6, 5, 2 March are the last five days with a mood: three low.
      expect(await get(user, `insights/support?id=${user.id}`)).toEqual({
        show: true,
        hiddenUntil: null,
      });
      // A Happy day today pushes 2 March out of the five: two low left.
      await moods(user, [['2026-03-10', 'Happy']]);
      expect((await get(user, `insights/support?id=${user.id}`)).show).toBe(false);
    });

    it('after a dismissal stays hidden for 7 days (through day 6) and is offered again on day 7', async () => {
      const user = await buildUser(ctx);
      const other = await buildUser(ctx);
      const low: [string, ChosenMood][] = [
        ['2026-03-07', 'Sad'],
        ['2026-03-08', 'Sad'],
        ['2026-03-09', 'Depressed'],
      ];
      await moods(user, low);
      await moods(other, low);
      expect(await dismiss(user)).toEqual({ show: false, hiddenUntil: '2026-03-17' });
      expect(await get(user, `insights/support?id=${user.id}`)).toEqual({
        show: false,
        hiddenUntil: '2026-03-17',
      });
      expect((await get(user, `insights/findings?id=${user.id}`)).support).toBe(false);
      // Another user's card is theirs alone.
      expect((await get(other, `insights/support?id=${other.id}`)).show).toBe(true);

      ctx.clock.set('2026-03-16T23:30:00.000Z');
      expect((await get(user, `insights/support?id=${user.id}`)).show).toBe(false);
      ctx.clock.set('2026-03-17T00:30:00.000Z');
      expect(await get(user, `insights/support?id=${user.id}`)).toEqual({
        show: true,
        hiddenUntil: '2026-03-17',
      });
      expect((await get(user, `insights/findings?id=${user.id}`)).support).toBe(true);
    });

    it("dismisses on the user's own local day", async () => {
      // 10:00 UTC on 10 March is 23:00 on 10 March in Auckland.
      ctx.clock.set('2026-03-10T10:00:00.000Z');
      const user = await buildUser(ctx, { timeZone: 'Pacific/Auckland' });
      await dismiss(user);
      const [row] = await ctx.db
        .select({ on: users.supportDismissedOn })
        .from(users)
        .where(eq(users.id, user.id));
      expect(row?.on).toBe('2026-03-10');
      ctx.clock.set('2026-03-10T12:00:00.000Z'); // 01:00 on 11 March in Auckland
      const honolulu = await buildUser(ctx, { timeZone: 'Pacific/Honolulu' });
      expect((await dismiss(honolulu)).hiddenUntil).toBe('2026-03-17');
    });

    it("refuses to dismiss another user's card, and changes nothing", async () => {
      const owner = await buildUser(ctx);
      const other = await buildUser(ctx);
      const res = await call(ctx.app, 'POST', '/api/v1/insights/support/dismiss', {
        token: other.token,
        body: { id: owner.id },
      });
      expect(res.statusCode).toBe(404);
      expect((await get(owner, `insights/support?id=${owner.id}`)).hiddenUntil).toBeNull();
      const extra = await call(ctx.app, 'POST', '/api/v1/insights/support/dismiss', {
        token: owner.token,
        body: { id: owner.id, days: 365 },
      });
      expect(extra.statusCode).toBe(400);
      expect((await get(owner, `insights/support?id=${owner.id}`)).hiddenUntil).toBeNull();
    });
  });

  describe('the mood on diary entries', () => {
    it('GET /diary and the search answer each entry with its own day’s mood, or null', async () => {
      const user = await buildUser(ctx);
      await moods(user, [
        ['2026-03-09', 'Ecstatic'],
        ['2026-03-07', 'Sad'],
      ]);
      const other = await buildUser(ctx);
      await moods(other, [['2026-03-08', 'Happy']]);
      await buildDiary(ctx, user, '2026-03-09', 'Sunny picnic.');
      await buildDiary(ctx, user, '2026-03-08', 'Rain and a picnic indoors.');
      const list = await get(user, `diary?id=${user.id}`);
      expect(list.map((e: { date: string; mood: string | null }) => [e.date, e.mood])).toEqual([
        ['2026-03-09', 'Ecstatic'],
        ['2026-03-08', null],
      ]);
      const found = await get(user, `diary/search?id=${user.id}&q=picnic`);
      expect(
        found.entries.map((e: { date: string; mood: string | null }) => [e.date, e.mood]),
      ).toEqual([
        ['2026-03-09', 'Ecstatic'],
        ['2026-03-08', null],
      ]);
    });
  });
});
