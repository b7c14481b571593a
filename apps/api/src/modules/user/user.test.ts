import { addDays } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail, noSessionHeaders } from '../../../test/assertions';
import { buildUser, dumpUserRows, unknownToken, type TestUser } from '../../../test/factories';
import { diaries, moodEntries, users } from '../../db/schema';

const START = '2026-03-10T12:00:00.000Z';
const TODAY = '2026-03-10';
const MOODS = ['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'] as const;
const USER_FIELDS = [
  'diaryStreak',
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

describe('user routes', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.clock.set(START));

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

  describe('GET /api/v1/user', () => {
    it('answers the caller with exactly the fields of the contract, never cached', async () => {
      const user = await buildUser(ctx, { name: 'Ada Test', timeZone: 'Europe/Berlin' });
      const res = await getUser(user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body.status).toBe('success');
      expect(Object.keys(body.data).sort()).toEqual(USER_FIELDS);
      expect(body.data).toEqual({
        id: user.id,
        name: 'Ada Test',
        email: user.email,
        pictureURL: null,
        hasOnboarded: false,
        mood: 'Unknown',
        hasSetMoodToday: false,
        unannouncedExpiredTaskCount: 0,
        diaryStreak: 0,
        selectedBackgroundURL: 'http://localhost:3000/backgrounds/first-light.svg',
        timeZone: 'Europe/Berlin',
        // Made by the test factory, with no proof of its email.
        emailVerified: false,
      });
    });

    it('answers only the mood with fields=mood', async () => {
      const user = await buildUser(ctx);
      await ctx.db.update(users).set({ mood: 'Sad' }).where(eq(users.id, user.id));
      const res = await getUser(user, '&fields=mood');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: { mood: 'Sad' } });
    });

    it('answers the same under /v1', async () => {
      const user = await buildUser(ctx);
      const v1 = await call(ctx.app, 'GET', `/v1/user?id=${user.id}`, { token: user.token });
      expect(v1.statusCode).toBe(200);
      expect(v1.json()).toEqual((await getUser(user)).json());
      const mood = await call(ctx.app, 'GET', `/v1/user?id=${user.id}&fields=mood`, {
        token: user.token,
      });
      expect(mood.json().data).toEqual({ mood: 'Unknown' });
    });

    it.each([
      ['no id', (_id: string) => '/api/v1/user'],
      ['an empty id', () => '/api/v1/user?id='],
      ['an id over 100 characters', () => `/api/v1/user?id=${'a'.repeat(101)}`],
      ['the id twice', (id: string) => `/api/v1/user?id=${id}&id=${id}`],
      ['an unknown parameter', (id: string) => `/api/v1/user?id=${id}&admin=true`],
      ['fields other than mood', (id: string) => `/api/v1/user?id=${id}&fields=email`],
      ['an empty fields', (id: string) => `/api/v1/user?id=${id}&fields=`],
    ])('refuses %s with a 400', async (_label, url) => {
      const user = await buildUser(ctx);
      const res = await call(ctx.app, 'GET', url(user.id), { token: user.token });
      expectFail(res, 400, 'VALIDATION_ERROR');
    });

    it.each([
      ['no Authorization header', undefined],
      ['a bearer without a token', 'Bearer '],
      ['a malformed token', 'Bearer not-a-token'],
      ['a well-formed token no session has', `Bearer ${unknownToken()}`],
      ['another scheme', 'Basic YWRhOnNlY3JldA=='],
    ])('answers 401 to %s and shows nothing of the user', async (_label, authorization) => {
      const user = await buildUser(ctx);
      const res = await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, {
        headers: authorization ? { authorization } : {},
      });
      expectFail(res, 401, 'UNAUTHORIZED');
      expect(res.body).not.toContain(user.email);
    });

    it('answers 401 once the session is gone', async () => {
      const user = await buildUser(ctx);
      expect((await getUser(user)).statusCode).toBe(200);
      expect(
        (await call(ctx.app, 'POST', '/api/v1/auth/logout', { token: user.token })).statusCode,
      ).toBe(200);
      expectFail(await getUser(user), 401, 'UNAUTHORIZED');
    });

    it("answers 404 to another user's token with this user's id, and shows nothing", async () => {
      const victim = await buildUser(ctx, { name: 'Victim Person' });
      const attacker = await buildUser(ctx, { name: 'Attacker' });
      const before = await dumpUserRows(ctx, victim.id);
      for (const query of ['', '&fields=mood']) {
        const res = await call(ctx.app, 'GET', `/api/v1/user?id=${victim.id}${query}`, {
          token: attacker.token,
        });
        expectFail(res, 404, 'NOT_FOUND');
        expect(res.body).not.toContain(victim.email);
        expect(res.body).not.toContain('Victim Person');
      }
      expect(await dumpUserRows(ctx, victim.id)).toEqual(before);
    });

    it('answers 404 to an id that is nobody, or not an id at all', async () => {
      const user = await buildUser(ctx);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'me', "'%20OR%201=1--"]) {
        const res = await call(ctx.app, 'GET', `/api/v1/user?id=${id}`, { token: user.token });
        expectFail(res, 404, 'NOT_FOUND');
      }
      // A NUL can never be stored or compared: it is refused as bad input, before any lookup.
      const nul = await call(ctx.app, 'GET', '/api/v1/user?id=%00', { token: user.token });
      expectFail(nul, 400, 'VALIDATION_ERROR');
    });
  });

  describe('PATCH /api/v1/user', () => {
    it('changes the name, trimmed, and answers the whole user', async () => {
      const user = await buildUser(ctx);
      const res = await patchUser(user, { name: '  Grace Hopper \n' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { data } = res.json();
      expect(Object.keys(data).sort()).toEqual(USER_FIELDS);
      expect(data).toMatchObject({ id: user.id, name: 'Grace Hopper', email: user.email });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.name).toBe('Grace Hopper');
      expect((await getUser(user)).json().data.name).toBe('Grace Hopper');
    });

    it('accepts a name of 60 characters, also when padded, and refuses 61', async () => {
      const user = await buildUser(ctx);
      const sixty = 'n'.repeat(60);
      expect((await patchUser(user, { name: `   ${sixty}   ` })).json().data.name).toBe(sixty);
      expectFail(await patchUser(user, { name: 'n'.repeat(61) }), 400, 'VALIDATION_ERROR');
      expect((await getUser(user)).json().data.name).toBe(sixty);
    });

    it('keeps every character of a name it accepts', async () => {
      const user = await buildUser(ctx);
      const name = 'Zoë <b>O’Brien</b> 🌱 د';
      expect((await patchUser(user, { name })).json().data.name).toBe(name);
      expect((await getUser(user)).json().data.name).toBe(name);
    });

    it('sets each mood and records it for the local day, the last one of the day winning', async () => {
      const user = await buildUser(ctx);
      for (const mood of MOODS) {
        const res = await patchUser(user, { mood });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.mood).toBe(mood);
        const rows = await moodRows(user);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ localDate: TODAY, mood });
      }
      expect((await getUser(user, '&fields=mood')).json().data).toEqual({ mood: 'Depressed' });
    });

    it("Unknown clears the mood and deletes only today's entry of the mood history", async () => {
      const user = await buildUser(ctx);
      await ctx.db.insert(moodEntries).values({
        userId: user.id,
        localDate: addDays(TODAY, -1),
        mood: 'Sad',
        updatedAt: new Date('2026-03-09T12:00:00Z'),
      });
      await patchUser(user, { mood: 'Happy' });
      expect(await moodRows(user)).toHaveLength(2);
      const res = await patchUser(user, { mood: 'Unknown' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.mood).toBe('Unknown');
      const rows = await moodRows(user);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ localDate: '2026-03-09', mood: 'Sad' });
      // Unknown again, with nothing recorded today, is still fine.
      expect((await patchUser(user, { mood: 'Unknown' })).statusCode).toBe(200);
      expect(await moodRows(user)).toHaveLength(1);
    });

    it.each([
      // 12:00Z is already the 11th at UTC+14.
      ['Pacific/Kiritimati', START, '2026-03-11'],
      // 05:00Z is still the 9th in Los Angeles (UTC-7 in March, after the DST change).
      ['America/Los_Angeles', '2026-03-10T05:00:00Z', '2026-03-09'],
      ['Pacific/Auckland', '2026-03-10T11:30:00Z', '2026-03-11'],
    ])('records the mood of a user in %s on their local date', async (timeZone, at, local) => {
      ctx.clock.set(at);
      const user = await buildUser(ctx, { timeZone });
      expect((await patchUser(user, { mood: 'Neutral' })).statusCode).toBe(200);
      const rows = await moodRows(user);
      expect(rows.map((r) => r.localDate)).toEqual([local]);
    });

    it('sets hasSetMoodToday both ways', async () => {
      const user = await buildUser(ctx);
      expect((await patchUser(user, { hasSetMoodToday: true })).json().data.hasSetMoodToday).toBe(
        true,
      );
      expect((await getUser(user)).json().data.hasSetMoodToday).toBe(true);
      expect((await patchUser(user, { hasSetMoodToday: false })).json().data.hasSetMoodToday).toBe(
        false,
      );
    });

    it('sets hasOnboarded to true, and true only', async () => {
      const user = await buildUser(ctx);
      expect((await patchUser(user, { hasOnboarded: true })).json().data.hasOnboarded).toBe(true);
      expectFail(await patchUser(user, { hasOnboarded: false }), 400, 'VALIDATION_ERROR');
      expect((await getUser(user)).json().data.hasOnboarded).toBe(true);
    });

    it('resets unannouncedExpiredTaskCount to 0, the only value it takes', async () => {
      const user = await buildUser(ctx);
      await setExpiredCount(user, 4);
      expectFail(
        await patchUser(user, { unannouncedExpiredTaskCount: 3 }),
        400,
        'VALIDATION_ERROR',
      );
      expect((await getUser(user)).json().data.unannouncedExpiredTaskCount).toBe(4);
      const res = await patchUser(user, { unannouncedExpiredTaskCount: 0 });
      expect(res.json().data.unannouncedExpiredTaskCount).toBe(0);
      expect((await getUser(user)).json().data.unannouncedExpiredTaskCount).toBe(0);
    });

    it('changes the time zone to a valid IANA name', async () => {
      const user = await buildUser(ctx);
      const res = await patchUser(user, { timeZone: 'Asia/Kolkata' });
      expect(res.json().data.timeZone).toBe('Asia/Kolkata');
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.timeZone).toBe('Asia/Kolkata');
    });

    it('changes several fields in one call', async () => {
      const user = await buildUser(ctx);
      const change = {
        name: 'Both',
        mood: 'Happy',
        hasSetMoodToday: true,
        hasOnboarded: true,
        unannouncedExpiredTaskCount: 0,
        timeZone: 'UTC',
      };
      const res = await patchUser(user, change);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject(change);
    });

    it('answers the same under /v1', async () => {
      const user = await buildUser(ctx);
      const res = await call(ctx.app, 'PATCH', `/v1/user?id=${user.id}`, {
        token: user.token,
        body: { mood: 'Ecstatic' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.mood).toBe('Ecstatic');
      expect((await moodRows(user)).map((r) => r.mood)).toEqual(['Ecstatic']);
    });

    it.each<[string, unknown]>([
      ['an empty body', {}],
      ['an unknown field', { isAdmin: true }],
      ['an unknown field beside a valid one', { name: 'Fine', role: 'admin' }],
      ['the email', { email: 'new@example.test' }],
      ['the id', { id: '00000000-0000-4000-8000-000000000000' }],
      ['the diary streak', { diaryStreak: 100 }],
      ['the selected background', { selectedBackgroundURL: '/backgrounds/x.svg' }],
      ['the day marker', { lastActiveDate: '2020-01-01' }],
      ['the picture', { pictureURL: 'https://evil.test/x.png' }],
      ['an empty name', { name: '' }],
      ['a blank name', { name: ' \t\n ' }],
      ['a name of 61 characters', { name: 'x'.repeat(61) }],
      ['a name that is a number', { name: 42 }],
      ['a null name', { name: null }],
      ['a name with a NUL character', { name: 'Ada\u0000Lovelace' }],
      ['an unknown mood', { mood: 'Joyful' }],
      ['a mood in the wrong case', { mood: 'happy' }],
      ['an empty mood', { mood: '' }],
      ['a mood that is a number', { mood: 3 }],
      ['a null mood', { mood: null }],
      ['hasSetMoodToday as a string', { hasSetMoodToday: 'true' }],
      ['hasSetMoodToday as a number', { hasSetMoodToday: 1 }],
      ['hasOnboarded false', { hasOnboarded: false }],
      ['hasOnboarded as a string', { hasOnboarded: 'true' }],
      ['a positive count', { unannouncedExpiredTaskCount: 1 }],
      ['a negative count', { unannouncedExpiredTaskCount: -1 }],
      ['a fractional count', { unannouncedExpiredTaskCount: 0.5 }],
      ['a huge count', { unannouncedExpiredTaskCount: 1e20 }],
      ['a count as a string', { unannouncedExpiredTaskCount: '0' }],
      ['a null count', { unannouncedExpiredTaskCount: null }],
      ['an unknown time zone', { timeZone: 'Mars/Olympus' }],
      ['an empty time zone', { timeZone: '' }],
      ['a time zone of 65 characters', { timeZone: 'A'.repeat(65) }],
      ['a time zone that is a number', { timeZone: 120 }],
      ['a time zone with a NUL character', { timeZone: 'UTC\u0000' }],
      ['a body that is an array', [{ name: 'x' }]],
    ])('refuses %s with a 400 and changes nothing', async (_label, body) => {
      const user = await buildUser(ctx);
      await patchUser(user, { mood: 'Happy' });
      const before = await dumpUserRows(ctx, user.id);
      const res = await patchUser(user, body);
      expectFail(res, 400, 'VALIDATION_ERROR');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it('names the field in the issues of a validation error', async () => {
      const user = await buildUser(ctx);
      const body = expectFail(await patchUser(user, { mood: 'Joyful' }), 400, 'VALIDATION_ERROR');
      expect(body.issues.map((i: { path: string }) => i.path)).toContain('body.mood');
      const blank = expectFail(await patchUser(user, { name: '  ' }), 400, 'VALIDATION_ERROR');
      expect(blank.issues).toContainEqual({
        path: 'body.name',
        message: "This field can't be empty",
      });
    });

    it.each<[string, string | undefined, string | undefined, number, string]>([
      ['malformed JSON', '{"name": "Ada', 'application/json', 400, 'BAD_REQUEST'],
      ['JSON null', 'null', 'application/json', 400, 'VALIDATION_ERROR'],
      ['a JSON string', '"Ada"', 'application/json', 400, 'VALIDATION_ERROR'],
      ['an empty JSON body', '', 'application/json', 400, 'BAD_REQUEST'],
      ['no body at all', undefined, undefined, 400, 'VALIDATION_ERROR'],
      [
        'a prototype-poisoning body',
        '{"name":"Proto","__proto__":{"hasOnboarded":true}}',
        'application/json',
        400,
        'BAD_REQUEST',
      ],
      [
        'a body over 64 KB',
        JSON.stringify({ name: 'x'.repeat(70_000) }),
        'application/json',
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      ['a text/plain body', 'name=Ada', 'text/plain', 400, 'VALIDATION_ERROR'],
      ['an XML body', '<name>Ada</name>', 'application/xml', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ])('refuses %s and changes nothing', async (_label, payload, type, status, code) => {
      const user = await buildUser(ctx);
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await patchRaw(user, payload, type), status, code);
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each(noSessionHeaders('x'))(
      'answers 401 to %s and changes nothing',
      async (_label, headers) => {
        const user = await buildUser(ctx);
        const before = await dumpUserRows(ctx, user.id);
        const res = await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
          headers,
          body: { name: 'Hijacked', mood: 'Sad' },
        });
        expectFail(res, 401, 'UNAUTHORIZED');
        expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      },
    );

    it("answers 404 to another user's token with this user's id, and changes neither of them", async () => {
      const victim = await buildUser(ctx, { name: 'Victim' });
      const attacker = await buildUser(ctx, { name: 'Attacker' });
      await setExpiredCount(victim, 2);
      const victimBefore = await dumpUserRows(ctx, victim.id);
      const attackerBefore = await dumpUserRows(ctx, attacker.id);
      for (const body of [
        { name: 'Hijacked' },
        { mood: 'Depressed' },
        { unannouncedExpiredTaskCount: 0 },
        { hasOnboarded: true, timeZone: 'Asia/Tokyo' },
      ]) {
        const res = await call(ctx.app, 'PATCH', `/api/v1/user?id=${victim.id}`, {
          token: attacker.token,
          body,
        });
        expectFail(res, 404, 'NOT_FOUND');
        expect(res.body).not.toContain(victim.email);
      }
      expect(await dumpUserRows(ctx, victim.id)).toEqual(victimBefore);
      expect(await dumpUserRows(ctx, attacker.id)).toEqual(attackerBefore);
    });

    it('twenty concurrent mood changes leave one mood entry for the day, matching the user', async () => {
      const user = await buildUser(ctx);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => patchUser(user, { mood: MOODS[i % MOODS.length] })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const rows = await moodRows(user);
      expect(rows).toHaveLength(1);
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(rows[0]!.mood).toBe(row!.mood);
      expect(rows[0]!.localDate).toBe(TODAY);
    });

    it('twenty concurrent closes of the expired-task notice leave the count at 0', async () => {
      const user = await buildUser(ctx);
      await setExpiredCount(user, 7);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => patchUser(user, { unannouncedExpiredTaskCount: 0 })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.unannouncedExpiredTaskCount).toBe(0);
    });
  });

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

    it('stops at a gap', async () => {
      const user = await buildUser(ctx);
      await writeEntries(user, [TODAY, addDays(TODAY, -1), addDays(TODAY, -3)]);
      expect(await streakOf(user)).toBe(2);
      const other = await buildUser(ctx);
      await writeEntries(other, [addDays(TODAY, -1), addDays(TODAY, -2), addDays(TODAY, -4)]);
      expect(await streakOf(other)).toBe(2);
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

    it('stops at a gap past the 62-day window of the first read', async () => {
      const user = await buildUser(ctx);
      // 80 days with the 66th day back missing: the streak is days 0 to 65.
      await writeEntries(
        user,
        daysBack(TODAY, 0, 79).filter((d) => d !== addDays(TODAY, -66)),
      );
      expect(await streakOf(user)).toBe(66);
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
