import { addDays, type ChosenMood } from '@wellspring/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import {
  buildDiary,
  buildGoal,
  buildTask,
  buildUser,
  type TestUser,
} from '../../../test/factories';
import { diaries } from '../../db/schema';
import { insertDailyMoods } from '../check-ins/check-ins.service';

const NOW = '2026-03-10T12:00:00.000Z';

describe('insights routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set(NOW));

  const get = async (user: TestUser, path: string) => {
    const res = await call(ctx.app, 'GET', `/api/v1/insights/${path}`, { token: user.token });
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

  describe('GET /insights/calendar', () => {
    it('answers one entry per local day of the year with a mood, a diary entry or points', async () => {
      const user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user);
      await moods(user, [
        ['2025-12-31', 'Happy'],
        ['2026-01-05', 'Sad'],
        ['2026-03-09', 'Ecstatic'],
      ]);
      await buildDiary(ctx, user, '2026-03-09');
      await buildDiary(ctx, user, '2026-02-14');
      const task = await buildTask(ctx, user, goal.id, {
        status: 'Completed',
        createdAt: new Date('2026-03-09T10:00:00Z'),
      });
      const second = await buildTask(ctx, user, goal.id, {
        status: 'Completed',
        createdAt: new Date('2026-03-09T11:00:00Z'),
        offset: 1,
      });
      const data = await get(user, `calendar?id=${user.id}&year=2026`);
      expect(data).toEqual({
        year: 2026,
        days: [
          { date: '2026-01-05', mood: 'Sad', checkInCount: 1, hasDiary: false, points: 0 },
          { date: '2026-02-14', mood: null, checkInCount: 0, hasDiary: true, points: 0 },
          {
            date: '2026-03-09',
            mood: 'Ecstatic',
            checkInCount: 1,
            hasDiary: true,
            points: task.points + second.points,
          },
        ],
      });
      expect((await get(user, `calendar?id=${user.id}&year=2025`)).days).toEqual([
        { date: '2025-12-31', mood: 'Happy', checkInCount: 1, hasDiary: false, points: 0 },
      ]);
    });

    it("files a task on the user's local day, not the UTC one", async () => {
      const user = await buildUser(ctx, { timeZone: 'Pacific/Auckland' });
      const goal = await buildGoal(ctx, user);
      // 20:00 UTC on 31 December is 1 January 2027, 09:00 in Auckland.
      await buildTask(ctx, user, goal.id, {
        status: 'Completed',
        createdAt: new Date('2026-12-31T20:00:00Z'),
      });
      expect((await get(user, `calendar?id=${user.id}&year=2026`)).days).toEqual([]);
      expect((await get(user, `calendar?id=${user.id}&year=2027`)).days).toMatchObject([
        { date: '2027-01-01', mood: null, hasDiary: false },
      ]);
    });

    it('the mood PATCH /user sets shows on today', async () => {
      const user = await buildUser(ctx, { timeZone: 'America/Los_Angeles' });
      const res = await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
        token: user.token,
        body: { mood: 'Neutral' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await get(user, `calendar?id=${user.id}&year=2026`)).days).toEqual([
        { date: '2026-03-10', mood: 'Neutral', checkInCount: 1, hasDiary: false, points: 0 },
      ]);
    });

    it('refuses a missing or malformed year with a 400', async () => {
      const user = await buildUser(ctx);
      for (const query of ['', '&year=', '&year=20x6', '&year=1899', '&year=10000']) {
        const res = await call(ctx.app, 'GET', `/api/v1/insights/calendar?id=${user.id}${query}`, {
          token: user.token,
        });
        expect(res.statusCode, query).toBe(400);
      }
    });
  });

  describe('GET /insights/trends', () => {
    it('answers the last N local days, each mood counted, and by weekday Monday to Sunday', async () => {
      const user = await buildUser(ctx);
      // 2026-03-10 is a Tuesday.
      await moods(user, [
        ['2026-03-10', 'Happy'],
        ['2026-03-09', 'Happy'],
        ['2026-03-02', 'Sad'],
        ['2026-02-08', 'Depressed'], // 30 days before today: just outside the 30-day span
      ]);
      const data = await get(user, `trends?id=${user.id}&days=30`);
      expect(data.days).toBe(30);
      expect(data.series).toHaveLength(30);
      expect(data.series[0]).toEqual({ date: '2026-02-09', mood: null, level: null });
      expect(data.series.at(-1)).toEqual({ date: '2026-03-10', mood: 'Happy', level: 4 });
      expect(data.series.at(-9)).toEqual({ date: '2026-03-02', mood: 'Sad', level: 2 });
      expect(data.counts).toEqual({ Depressed: 0, Sad: 1, Neutral: 0, Happy: 2, Ecstatic: 0 });
      expect(data.byWeekday.map((w: { weekday: string }) => w.weekday)).toEqual([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
        'Sunday',
      ]);
      expect(data.byWeekday[0].counts).toMatchObject({ Happy: 1, Sad: 1 });
      expect(data.byWeekday[1].counts).toMatchObject({ Happy: 1 });
      const ninety = await get(user, `trends?id=${user.id}&days=90`);
      expect(ninety.series).toHaveLength(90);
      expect(ninety.counts.Depressed).toBe(1);
      expect((await get(user, `trends?id=${user.id}&days=365`)).series).toHaveLength(365);
    });

    it('ends on the user’s local today', async () => {
      // 12:00 UTC on 10 March is already 11 March (01:00) in Auckland.
      const user = await buildUser(ctx, { timeZone: 'Pacific/Auckland' });
      const data = await get(user, `trends?id=${user.id}&days=30`);
      expect(data.series.at(-1).date).toBe('2026-03-11');
    });

    it('answers only 30, 90 or 365 days', async () => {
      const user = await buildUser(ctx);
      for (const days of ['', '7', '31', '366', '30.0', '-30']) {
        const res = await call(
          ctx.app,
          'GET',
          `/api/v1/insights/trends?id=${user.id}&days=${days}`,
          {
            token: user.token,
          },
        );
        expect(res.statusCode, days).toBe(400);
      }
    });
  });

  describe('GET /insights/findings', () => {
    /** Moods for `count` days ending yesterday: `pick(i)` for the i-th day back. */
    const moodRun = (user: TestUser, count: number, pick: (i: number) => ChosenMood) =>
      moods(
        user,
        Array.from({ length: count }, (_, i) => [addDays('2026-03-09', -i), pick(i)]),
      );

    it('answers an empty list, not noise, for a new user', async () => {
      const user = await buildUser(ctx);
      expect(await get(user, `findings?id=${user.id}`)).toEqual({ findings: [], support: false });
    });

    it('finds a task that went with a better mood the next day, with the days it rests on', async () => {
      const user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user);
      // Twenty days of moods; the task done on days 2, 4, .. 12 back: the day after each is Happy.
      const doneDaysBack = [2, 4, 6, 8, 10, 12];
      await moodRun(user, 20, (i) => (doneDaysBack.includes(i + 1) ? 'Happy' : 'Sad'));
      for (const back of doneDaysBack) {
        await buildTask(ctx, user, goal.id, {
          status: 'Completed',
          createdAt: new Date(`${addDays('2026-03-09', -back)}T09:00:00Z`),
        });
      }
      const { findings } = await get(user, `findings?id=${user.id}`);
      const task = findings.find((f: { kind: string }) => f.kind === 'task');
      // Each completion day's next day has a mood (6 days); so have 14 other days (the first
      // mood's day before included).
      expect(task).toMatchObject({
        compares: 'nextDay',
        meanWith: 4,
        meanWithout: 2,
        daysWith: 6,
        daysWithout: 14,
      });
      expect(task.text).toContain('went together');
      expect(task.text).toContain('(6 days with, 14 without)');
      expect(findings.find((f: { kind: string }) => f.kind === 'taskMood')).toMatchObject({
        subject: 'Happy',
        daysWith: 6,
      });
    });

    it('shows nothing from 4 days on one side', async () => {
      const user = await buildUser(ctx);
      const goal = await buildGoal(ctx, user);
      const doneDaysBack = [2, 4, 6, 8];
      await moodRun(user, 20, (i) => (doneDaysBack.includes(i + 1) ? 'Ecstatic' : 'Sad'));
      for (const back of doneDaysBack) {
        await buildTask(ctx, user, goal.id, {
          status: 'Completed',
          createdAt: new Date(`${addDays('2026-03-09', -back)}T09:00:00Z`),
        });
      }
      expect((await get(user, `findings?id=${user.id}`)).findings).toEqual([]);
    });

    it('compares the days with a diary entry with those without, the same day', async () => {
      const user = await buildUser(ctx);
      await moodRun(user, 10, (i) => (i < 5 ? 'Happy' : 'Neutral'));
      for (let i = 0; i < 5; i++) await buildDiary(ctx, user, addDays('2026-03-09', -i));
      const { findings } = await get(user, `findings?id=${user.id}`);
      expect(findings).toEqual([
        {
          kind: 'diary',
          subject: null,
          compares: 'sameDay',
          meanWith: 4,
          meanWithout: 3,
          daysWith: 5,
          daysWithout: 5,
          // Every day with an entry Happy, every other Neutral: no spread, no uncertainty.
          margin: 0,
          text: 'Writing in your diary and a better mood that day went together (5 days with, 5 without).',
        },
      ]);
    });

    it('offers support after Sad or Depressed on 3 of the last 5 days with a mood, and not on 2', async () => {
      const user = await buildUser(ctx);
      await moods(user, [
        ['2026-03-10', 'Sad'],
        ['2026-03-01', 'Happy'],
        ['2026-02-20', 'Depressed'],
        ['2026-02-10', 'Happy'],
        ['2026-02-01', 'Neutral'],
        ['2026-01-01', 'Sad'],
      ]);
      expect((await get(user, `findings?id=${user.id}`)).support).toBe(false);
      await moods(user, [['2026-03-09', 'Depressed']]);
      expect((await get(user, `findings?id=${user.id}`)).support).toBe(true);
    });
  });

  it('answers a user with 5 years of daily moods, diaries and tasks', async () => {
    const user = await buildUser(ctx);
    const goal = await buildGoal(ctx, user);
    const days = 5 * 365 + 1;
    const scale: ChosenMood[] = ['Depressed', 'Sad', 'Neutral', 'Happy', 'Ecstatic'];
    // Up to yesterday (2026-03-09): the mood climbs one step a day; a diary every other day.
    const dates = Array.from({ length: days }, (_, i) => addDays('2026-03-09', -i));
    await moods(
      user,
      dates.map((date, i) => [date, scale[i % 5]!]),
    );
    await ctx.db.insert(diaries).values(
      dates
        .filter((_, i) => i % 2 === 0)
        .map((localDate) => ({
          userId: user.id,
          localDate,
          ...ctx.app.diaryVault.seal(user.id, localDate, 'x'),
          createdAt: ctx.clock.now(),
        })),
    );
    // One task on each day whose next day is Ecstatic (i % 5 === 4 one day later: i % 5 === 0).
    for (const [i, date] of dates.entries()) {
      if (i % 5 !== 0 || i === 0 || i > 60) continue;
      await buildTask(ctx, user, goal.id, {
        status: 'Completed',
        createdAt: new Date(`${date}T09:00:00Z`),
        offset: 3,
      });
    }
    const leapYear = await get(user, `calendar?id=${user.id}&year=2024`);
    expect(leapYear.days).toHaveLength(366);
    expect(leapYear.days.filter((d: { hasDiary: boolean }) => d.hasDiary).length).toBe(183);
    const year = await get(user, `trends?id=${user.id}&days=365`);
    // Today (2026-03-10) has no mood yet: 364 days of the span have one.
    expect(Object.values(year.counts).reduce((a: number, b) => a + (b as number), 0)).toBe(364);
    const { findings } = await get(user, `findings?id=${user.id}`);
    const task = findings.find((f: { kind: string }) => f.kind === 'task');
    expect(task).toMatchObject({ meanWith: 5, daysWith: 12, daysWithout: days - 12 });
  });

  it('answers 404 for another user’s id, 401 without a session', async () => {
    const user = await buildUser(ctx);
    const other = await buildUser(ctx);
    for (const path of [
      `calendar?id=${other.id}&year=2026`,
      `trends?id=${other.id}&days=30`,
      `findings?id=${other.id}`,
    ]) {
      const res = await call(ctx.app, 'GET', `/api/v1/insights/${path}`, { token: user.token });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      const anonymous = await call(ctx.app, 'GET', `/api/v1/insights/${path}`);
      expect(anonymous.statusCode, path).toBe(401);
    }
  });
});
