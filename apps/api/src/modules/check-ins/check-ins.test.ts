import { addDays } from '@wellspring/shared';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, race, useTestApp } from '../../../test/app';
import { expectFail, tally } from '../../../test/assertions';
import { buildUser, type TestUser } from '../../../test/factories';
import { checkIns, goals, moodEntries, tasks } from '../../db/schema';
import { DecryptionError } from '../../lib/crypto/content-cipher';
import { insertDailyMoods } from './check-ins.service';

const NOW = '2026-03-10T12:00:00.000Z';
const TODAY = '2026-03-10';

describe('check-ins', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  beforeEach(() => ctx.clock.set(NOW));

  const post = (user: TestUser, body: Record<string, unknown>) =>
    call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, { token: user.token, body });
  const day = async (user: TestUser, date: string) => {
    const res = await call(ctx.app, 'GET', `/api/v1/check-ins?id=${user.id}&date=${date}`, {
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.checkIns as {
      id: string;
      mood: string;
      isBackfilled: boolean;
      note: string | null;
    }[];
  };
  const patchMood = (user: TestUser, mood: string) =>
    call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, { token: user.token, body: { mood } });
  const userMood = async (user: TestUser) =>
    (await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token })).json().data
      .mood;
  const dayMood = async (user: TestUser, date: string) => {
    const [row] = await ctx.db
      .select()
      .from(moodEntries)
      .where(and(eq(moodEntries.userId, user.id), eq(moodEntries.localDate, date)));
    return row;
  };
  const countRows = async (user: TestUser) =>
    (await ctx.db.select().from(checkIns).where(eq(checkIns.userId, user.id))).length;

  it('records several check-ins a day; the user’s mood is the latest, the day’s the mean', async () => {
    const user = await buildUser(ctx);
    const first = await post(user, { mood: 'Ecstatic', feelings: ['excited'] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      date: TODAY,
      mood: 'Ecstatic',
      feelings: ['excited'],
      isBackfilled: false,
      isDailyMood: false,
      timeZone: 'UTC',
    });
    ctx.clock.set('2026-03-10T15:00:00.000Z');
    expect((await post(user, { mood: 'Sad' })).statusCode).toBe(201);
    ctx.clock.set('2026-03-10T18:00:00.000Z');
    expect((await post(user, { mood: 'Sad' })).statusCode).toBe(201);

    expect(await userMood(user)).toBe('Sad');
    expect((await day(user, TODAY)).map((c) => c.mood)).toEqual(['Ecstatic', 'Sad', 'Sad']);
    // (5 + 2 + 2) / 3 = 3: Neutral, from three check-ins.
    expect(await dayMood(user, TODAY)).toMatchObject({
      mood: 'Neutral',
      checkInCount: 3,
      moodLevelSum: 9,
    });
  });

  it('shows the day’s check-ins in the day view and their count in the calendar', async () => {
    const user = await buildUser(ctx);
    await post(user, { mood: 'Happy', feelings: ['calm'] });
    ctx.clock.set('2026-03-10T20:00:00.000Z');
    await post(user, { mood: 'Sad' });
    const get = async (path: string) =>
      (await call(ctx.app, 'GET', `/api/v1/insights/${path}`, { token: user.token })).json().data;
    const dayView = await get(`day?id=${user.id}&date=${TODAY}`);
    expect(dayView.mood).toBe('Neutral');
    expect(
      dayView.checkIns.map((c: { mood: string; feelings: string[] }) => [c.mood, c.feelings]),
    ).toEqual([
      ['Happy', ['calm']],
      ['Sad', []],
    ]);
    expect((await get(`calendar?id=${user.id}&year=2026`)).days).toEqual([
      { date: TODAY, mood: 'Neutral', checkInCount: 2, hasDiary: false, points: 0 },
    ]);
  });

  it('keeps PATCH /v1/user’s daily mood as one check-in a day, replaced when set again', async () => {
    const user = await buildUser(ctx);
    await post(user, { mood: 'Happy' });
    for (const mood of ['Sad', 'Depressed', 'Neutral']) {
      const res = await patchMood(user, mood);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.mood).toBe(mood);
    }
    const list = await day(user, TODAY);
    expect(list).toHaveLength(2);
    expect(list.filter((c) => c.mood === 'Neutral')).toHaveLength(1);
    expect(await dayMood(user, TODAY)).toMatchObject({ checkInCount: 2, moodLevelSum: 7 });

    // Unknown removes the daily mood only; the user's mood falls back to the latest left.
    expect((await patchMood(user, 'Unknown')).json().data.mood).toBe('Happy');
    expect((await day(user, TODAY)).map((c) => c.mood)).toEqual(['Happy']);
    expect(await dayMood(user, TODAY)).toMatchObject({ mood: 'Happy', checkInCount: 1 });
  });

  it('deletes a check-in of the caller’s and keeps the day and the user’s mood true', async () => {
    const user = await buildUser(ctx);
    const other = await buildUser(ctx);
    const id = (await post(user, { mood: 'Happy' })).json().data.id;
    const del = (who: TestUser) =>
      call(ctx.app, 'DELETE', `/api/v1/check-ins/${id}?id=${who.id}`, { token: who.token });
    expectFail(await del(other), 404, 'NOT_FOUND');
    expect(await countRows(user)).toBe(1);
    const res = await del(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id });
    expect(await countRows(user)).toBe(0);
    expect(await dayMood(user, TODAY)).toBeUndefined();
    expect(await userMood(user)).toBe('Unknown');
    expectFail(await del(user), 404, 'NOT_FOUND');
  });

  it('answers 404 for another user’s id, and 401 without a token', async () => {
    const user = await buildUser(ctx);
    const other = await buildUser(ctx);
    const res = await call(ctx.app, 'POST', `/api/v1/check-ins?id=${other.id}`, {
      token: user.token,
      body: { mood: 'Happy' },
    });
    expectFail(res, 404, 'NOT_FOUND');
    const anonymous = await call(ctx.app, 'GET', `/api/v1/check-ins?id=${user.id}&date=${TODAY}`);
    expectFail(anonymous, 401, 'UNAUTHORIZED');
    // Dates a database cannot hold, or not dates at all: a 400, never a 500.
    for (const date of ['0000-02-29', '2026-02-30', 'today', '']) {
      const res = await call(ctx.app, 'GET', `/api/v1/check-ins?id=${user.id}&date=${date}`, {
        token: user.token,
      });
      expectFail(res, 400, 'VALIDATION_ERROR');
    }
    expect(await countRows(other)).toBe(0);
  });

  it('back-fills a missed past day, marked as such, earning nothing and leaving today alone', async () => {
    const user = await buildUser(ctx);
    ctx.clock.set('2026-03-14T12:00:00.000Z');
    const res = await post(user, { mood: 'Sad', date: '2026-03-12' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ date: '2026-03-12', isBackfilled: true });
    expect(await userMood(user)).toBe('Unknown');
    expect(await dayMood(user, '2026-03-12')).toMatchObject({ mood: 'Sad', checkInCount: 1 });
    expect(await ctx.db.select().from(tasks).where(eq(tasks.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(goals).where(eq(goals.userId, user.id))).toEqual([]);
  });

  it('refuses a day in the future or before the account, changing nothing', async () => {
    const user = await buildUser(ctx);
    const future = await post(user, { mood: 'Happy', date: addDays(TODAY, 1) });
    expectFail(future, 400, 'DAY_OUT_OF_RANGE', { message: 'That day has not come yet' });
    const before = await post(user, { mood: 'Happy', date: addDays(TODAY, -1) });
    expectFail(before, 400, 'DAY_OUT_OF_RANGE', {
      message: 'That day is before your account existed',
    });
    expect(await countRows(user)).toBe(0);
  });

  it('back-fills a gap in a history imported from before the account, not a day before it', async () => {
    const user = await buildUser(ctx);
    // As an import of another app's history writes it: one day ten days before the account.
    await insertDailyMoods(ctx.db, [
      {
        userId: user.id,
        localDate: addDays(TODAY, -10),
        mood: 'Happy',
        updatedAt: new Date(NOW),
        timeZone: 'UTC',
      },
    ]);
    const gap = await post(user, { mood: 'Neutral', date: addDays(TODAY, -5) });
    expect(gap.statusCode, gap.body).toBe(201);
    expect(gap.json().data).toMatchObject({ isBackfilled: true });
    const diary = await call(ctx.app, 'POST', '/api/v1/diary', {
      token: user.token,
      body: { id: user.id, content: 'Filled in later.', date: addDays(TODAY, -4) },
    });
    expect(diary.statusCode, diary.body).toBe(201);
    const before = await post(user, { mood: 'Happy', date: addDays(TODAY, -11) });
    expectFail(before, 400, 'DAY_OUT_OF_RANGE', {
      message: 'That day is before your account existed',
    });
    expect(await countRows(user)).toBe(2);
  });

  it('keeps a check-in taken offline on the day it was taken, for 48 hours', async () => {
    const user = await buildUser(ctx, { timeZone: 'Europe/Paris' });
    ctx.clock.set('2026-03-11T23:30:00.000Z'); // 00:30 on the 12th in Paris
    const late = await post(user, { mood: 'Happy', takenAt: '2026-03-11T22:50:00.000Z' });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().data).toMatchObject({ date: '2026-03-11', isBackfilled: false });
    const old = await post(user, { mood: 'Happy', takenAt: '2026-03-09T23:00:00.000Z' });
    expectFail(old, 400, 'DAY_OUT_OF_RANGE');
    const both = await post(user, { mood: 'Happy', takenAt: NOW, date: '2026-03-11' });
    expectFail(both, 400, 'VALIDATION_ERROR');
    expect(await countRows(user)).toBe(1);
  });

  it('refuses unknown, repeated or too many feelings, and unknown fields', async () => {
    const user = await buildUser(ctx);
    expectFail(
      await post(user, { mood: 'Happy', feelings: ['hungry-ish'] }),
      400,
      'VALIDATION_ERROR',
    );
    expectFail(
      await post(user, { mood: 'Happy', feelings: ['calm', 'calm'] }),
      400,
      'VALIDATION_ERROR',
    );
    const eleven = [
      'excited',
      'joyful',
      'proud',
      'hopeful',
      'calm',
      'content',
      'relaxed',
      'grateful',
      'anxious',
      'sad',
      'tired',
    ];
    expectFail(await post(user, { mood: 'Happy', feelings: eleven }), 400, 'VALIDATION_ERROR');
    expectFail(await post(user, { mood: 'Unknown' }), 400, 'VALIDATION_ERROR');
    expectFail(await post(user, { mood: 'Happy', points: 10 }), 400, 'VALIDATION_ERROR');
    expect(await countRows(user)).toBe(0);
  });

  it('keeps a check-in’s note sealed at rest, opened for its owner, bounded at 500', async () => {
    const user = await buildUser(ctx);
    const note = 'Walked by the river with Sam; the heron was back.';
    const created = await post(user, { mood: 'Happy', note: `  ${note}\n` });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.note).toBe(note);
    expect((await post(user, { mood: 'Sad', note: '   ' })).json().data.note).toBeNull();
    expect((await post(user, { mood: 'Sad' })).json().data.note).toBeNull();

    const stored = await ctx.db.select().from(checkIns).where(eq(checkIns.userId, user.id));
    const sealed = stored.find((row) => row.id === created.json().data.id)!;
    expect(sealed.note).not.toContain('heron');
    expect(sealed.noteKeyVersion).toBe(1);
    expect(stored.filter((row) => row.note === null)).toHaveLength(2);
    const days = await day(user, TODAY);
    expect(days.map((c) => c.note)).toEqual([note, null, null]);

    // Sealed to its owner and its check-in: on another check-in's row it does not open.
    const other = stored.find((row) => row.id !== sealed.id)!;
    expect(() => ctx.app.diaryVault.openNote({ ...sealed, id: other.id })).toThrow(DecryptionError);

    const long = await post(user, { mood: 'Happy', note: 'x'.repeat(501) });
    expectFail(long, 400, 'VALIDATION_ERROR');
    expect(long.body).toContain('at most 500 characters');
    expect(long.body.length).toBeLessThan(1_000);
    expect(await countRows(user)).toBe(3);
  });
  it('holds at most 20 check-ins a day, also with 20 sent at once one short of the cap', async () => {
    const user = await buildUser(ctx);
    for (let i = 0; i < 19; i += 1)
      expect((await post(user, { mood: 'Happy' })).statusCode).toBe(201);
    const answers = await race(20, () => post(user, { mood: 'Sad' }));
    expect(tally(answers)).toEqual({ '201': 1, '409 CHECK_IN_LIMIT': 19 });
    expect(await countRows(user)).toBe(20);
    expect(await dayMood(user, TODAY)).toMatchObject({
      checkInCount: 20,
      moodLevelSum: 19 * 4 + 2,
    });
    // The cap is per day: a back-filled day still has room.
    ctx.clock.set('2026-03-11T12:00:00.000Z');
    expect((await post(user, { mood: 'Sad' })).statusCode).toBe(201);
  });

  it('sets the daily mood once when 20 PATCHes race', async () => {
    const user = await buildUser(ctx);
    const moods = ['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'];
    const answers = await race(20, (i) => patchMood(user, moods[i % 5]!));
    expect(tally(answers)).toEqual({ '200': 20 });
    const list = await day(user, TODAY);
    expect(list).toHaveLength(1);
    expect(await userMood(user)).toBe(list[0]!.mood);
    expect(await dayMood(user, TODAY)).toMatchObject({ mood: list[0]!.mood, checkInCount: 1 });
  });
});
