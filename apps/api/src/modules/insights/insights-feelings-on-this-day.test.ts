import { addDays } from '@wellspring/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildSession, buildUser, type TestUser } from '../../../test/factories';

const TODAY = '2026-03-10';

describe('feelings by month and On this day (decision 076)', () => {
  const ctx = useTestApp({ failOnServerErrors: true });
  let user: TestUser;

  beforeEach(async () => {
    ctx.clock.set('2025-01-01T12:00:00.000Z');
    const created = await buildUser(ctx);
    ctx.clock.set(`${TODAY}T12:00:00.000Z`);
    // A session of today: the one made with the account has expired since.
    user = { ...created, token: await buildSession(ctx, created) };
  });

  const checkIn = async (date: string, mood: string, feelings: string[] = []) => {
    const res = await call(ctx.app, 'POST', `/api/v1/check-ins?id=${user.id}`, {
      token: user.token,
      body: { mood, feelings, date },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const diary = async (date: string, content: string) => {
    const res = await call(ctx.app, 'POST', '/api/v1/diary', {
      token: user.token,
      body: { id: user.id, content, date },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const get = (path: string, who: TestUser = user) =>
    call(ctx.app, 'GET', `/api/v1/insights/${path}`, { token: who.token });

  it('counts a month’s words and finds a word at the threshold, not one day below', async () => {
    for (let back = 1; back <= 4; back += 1)
      await checkIn(addDays(TODAY, -back), 'Happy', ['calm']);
    // Five days without a word, in February.
    for (let back = 12; back <= 16; back += 1) await checkIn(addDays(TODAY, -back), 'Sad');
    const below = await get(`feelings?id=${user.id}`);
    expect(below.statusCode, below.body).toBe(200);
    expect(below.json().data).toEqual({
      month: '2026-03',
      words: [{ word: 'calm', checkIns: 4, days: 4 }],
      findings: [],
    });

    // A second calm check-in on a day already counted adds a check-in, not a day.
    await checkIn(addDays(TODAY, -1), 'Happy', ['calm', 'content']);
    await checkIn(addDays(TODAY, -5), 'Happy', ['calm']);
    const at = (await get(`feelings?id=${user.id}&month=2026-03`)).json().data;
    expect(at.words).toEqual([
      { word: 'calm', checkIns: 6, days: 5 },
      { word: 'content', checkIns: 1, days: 1 },
    ]);
    expect(at.findings).toEqual([
      expect.objectContaining({ word: 'calm', meanWith: 4, meanWithout: 2, daysWith: 5 }),
    ]);
    expect(at.findings[0].text).toMatch(/^Feeling "calm" and a better mood that day went together/);
    expect(at.findings[0].text).not.toMatch(/caus/i);

    // February: no words named, and no finding from days after its end.
    expect((await get(`feelings?id=${user.id}&month=2026-02`)).json().data).toEqual({
      month: '2026-02',
      words: [],
      findings: [],
    });
  });

  it('refuses a month still to come or not a month, and another user’s id', async () => {
    expectFail(await get(`feelings?id=${user.id}&month=2026-04`), 400, 'DAY_OUT_OF_RANGE', {
      message: 'That month has not come yet',
    });
    expect((await get(`feelings?id=${user.id}&month=2026-3`)).statusCode).toBe(400);
    expect((await get(`feelings?id=${user.id}&month=0000-01`)).statusCode).toBe(400);
    const other = await buildUser(ctx);
    expect((await get(`feelings?id=${user.id}`, other)).statusCode).toBe(404);
    expect((await get(`on-this-day?id=${user.id}`, other)).statusCode).toBe(404);
  });

  it('shows a month and a year ago, leaving out a low day until the person turns them on', async () => {
    await checkIn('2026-02-10', 'Sad');
    await diary('2026-02-10', 'A grey day.');
    await checkIn('2025-03-10', 'Happy', ['calm']);
    await checkIn('2025-03-10', 'Ecstatic', ['calm', 'grateful']);
    const long = 'é'.repeat(279) + '🌿' + 'more';
    await diary('2025-03-10', long);

    const yearAgo = {
      date: '2025-03-10',
      label: 'A year ago',
      mood: 'Happy',
      checkInCount: 2,
      feelings: ['calm', 'grateful'],
      diary: { excerpt: 'é'.repeat(279) + '🌿', isCut: true },
    };
    const hidden = await get(`on-this-day?id=${user.id}`);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toEqual({ entries: [yearAgo], showsLowDays: false });

    const turnOn = await call(ctx.app, 'PATCH', `/api/v1/preferences?id=${user.id}`, {
      token: user.token,
      body: { onThisDayShowsLowDays: true },
    });
    expect(turnOn.statusCode, turnOn.body).toBe(200);
    expect((await get(`on-this-day?id=${user.id}`)).json().data).toEqual({
      entries: [
        {
          date: '2026-02-10',
          label: 'A month ago',
          mood: 'Sad',
          checkInCount: 1,
          feelings: [],
          diary: { excerpt: 'A grey day.', isCut: false },
        },
        yearAgo,
      ],
      showsLowDays: true,
    });

    // Another user, and a date whose month ago does not exist (31 March: no 31 February).
    const other = await buildUser(ctx);
    expect((await get(`on-this-day?id=${other.id}`, other)).json().data.entries).toEqual([]);
    ctx.clock.set('2026-03-31T12:00:00.000Z');
    const session = await buildSession(ctx, user);
    const res = await call(ctx.app, 'GET', `/api/v1/insights/on-this-day?id=${user.id}`, {
      token: session,
    });
    expect(res.json().data.entries).toEqual([]);
  });
});
