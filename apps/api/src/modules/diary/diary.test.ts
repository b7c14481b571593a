import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, race, useTestApp } from '../../../test/app';
import { expectFail, noSessionHeaders, tally, UUID } from '../../../test/assertions';
import { buildDiary, buildUser, dumpUserRows, type TestUser } from '../../../test/factories';
import { diaries } from '../../db/schema';

const START = '2026-03-10T12:00:00.000Z';

describe('diary routes', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.clock.set(START));

  const post = (user: TestUser, content: unknown, extra: Record<string, unknown> = {}) =>
    call(ctx.app, 'POST', '/api/v1/diary', {
      token: user.token,
      body: { content, id: user.id, ...extra },
    });
  const postRaw = (user: TestUser, payload: string | undefined, contentType?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/diary',
      headers: {
        authorization: `Bearer ${user.token}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
  const list = (user: TestUser) =>
    call(ctx.app, 'GET', `/api/v1/diary?id=${user.id}`, { token: user.token });
  /** The user's stored entries, their text opened with the data key (it is sealed at rest). */
  const rows = async (user: TestUser) =>
    (
      await ctx.db
        .select()
        .from(diaries)
        .where(eq(diaries.userId, user.id))
        .orderBy(diaries.localDate)
    ).map((row) => ({ ...row, content: ctx.app.diaryVault.open(row) }));

  describe('POST /api/v1/diary for a missed day', () => {
    it('back-fills a past day, marked as such, and mends the streak', async () => {
      const user = await buildUser(ctx);
      for (const day of ['2026-03-11', '2026-03-12', '2026-03-14']) {
        ctx.clock.set(`${day}T20:00:00.000Z`);
        expect((await post(user, `Entry ${day}`)).statusCode).toBe(201);
      }
      ctx.clock.set('2026-03-15T08:00:00.000Z');
      const streak = async () =>
        (await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token })).json()
          .data;
      expect(await streak()).toMatchObject({ diaryStreak: 3, diaryStreakRestDays: 1 });
      const res = await post(user, 'The day I forgot', { date: '2026-03-13' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ date: '2026-03-13', isBackfilled: true });
      expect(await streak()).toMatchObject({ diaryStreak: 4, diaryStreakRestDays: 0 });
      // One entry a day holds for a back-filled day too, and nothing else changes.
      expectFail(await post(user, 'Again', { date: '2026-03-13' }), 409, 'DIARY_ALREADY_WRITTEN', {
        message: 'You have already written your diary for that day',
      });
      expect((await rows(user)).map((r) => [r.localDate, r.isBackfilled])).toEqual([
        ['2026-03-11', false],
        ['2026-03-12', false],
        ['2026-03-13', true],
        ['2026-03-14', false],
      ]);
    });

    it('refuses a day in the future or before the account, writing nothing', async () => {
      const user = await buildUser(ctx);
      expectFail(await post(user, 'Soon', { date: '2026-03-11' }), 400, 'DAY_OUT_OF_RANGE', {
        message: 'That day has not come yet',
      });
      expectFail(await post(user, 'Before', { date: '2026-03-09' }), 400, 'DAY_OUT_OF_RANGE', {
        message: 'That day is before your account existed',
      });
      expect(await rows(user)).toEqual([]);
    });

    it('writes one entry when the same missed day is sent 20 times at once', async () => {
      const user = await buildUser(ctx);
      ctx.clock.set('2026-03-12T12:00:00.000Z');
      const answers = await race(20, () => post(user, 'Once', { date: '2026-03-11' }));
      expect(tally(answers)).toEqual({ '201': 1, '409 DIARY_ALREADY_WRITTEN': 19 });
      expect(await rows(user)).toHaveLength(1);
    });
  });

  describe('POST /api/v1/diary', () => {
    it("writes today's entry, trimmed, and answers it with 201", async () => {
      const user = await buildUser(ctx);
      const res = await post(user, '  \n Dear diary, a good day. \t ');
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body.status).toBe('success');
      expect(Object.keys(body.data).sort()).toEqual([
        'content',
        'date',
        'dateCreated',
        'id',
        'isBackfilled',
      ]);
      expect(body.data).toEqual({
        id: expect.stringMatching(UUID),
        date: '2026-03-10',
        dateCreated: START,
        content: 'Dear diary, a good day.',
        isBackfilled: false,
      });
      const stored = await rows(user);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        id: body.data.id,
        localDate: '2026-03-10',
        content: 'Dear diary, a good day.',
      });
      expect(stored[0]!.createdAt.toISOString()).toBe(START);
    });

    it('answers the same under /v1', async () => {
      const user = await buildUser(ctx);
      const res = await call(ctx.app, 'POST', '/v1/diary', {
        token: user.token,
        body: { content: 'Through v1', id: user.id },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.content).toBe('Through v1');
      expect(await rows(user)).toHaveLength(1);
    });

    it('refuses a second entry the same local day with 409 and keeps the first', async () => {
      const user = await buildUser(ctx);
      expect((await post(user, 'First')).statusCode).toBe(201);
      expectFail(await post(user, 'Second'), 409, 'DIARY_ALREADY_WRITTEN', {
        message: 'You have already written your diary today',
      });
      ctx.clock.set('2026-03-10T23:59:59.999Z');
      expectFail(await post(user, 'Third'), 409, 'DIARY_ALREADY_WRITTEN');
      const stored = await rows(user);
      expect(stored.map((r) => r.content)).toEqual(['First']);
    });

    it('allows a new entry once the local day has changed', async () => {
      const user = await buildUser(ctx);
      expect((await post(user, 'Tuesday')).statusCode).toBe(201);
      ctx.clock.set('2026-03-11T00:00:00.000Z');
      const next = await post(user, 'Wednesday');
      expect(next.statusCode).toBe(201);
      expect(next.json().data.date).toBe('2026-03-11');
      expect((await rows(user)).map((r) => [r.localDate, r.content])).toEqual([
        ['2026-03-10', 'Tuesday'],
        ['2026-03-11', 'Wednesday'],
      ]);
    });

    describe('an entry written offline and sent later (writtenAt, decision 057)', () => {
      it('is saved for the day it was written when it arrives after midnight', async () => {
        const user = await buildUser(ctx, { timeZone: 'Pacific/Auckland' });
        // 23:55 on 10 March in Auckland (UTC+13), sent at 00:20 on 11 March.
        const writtenAt = '2026-03-10T10:55:00.000Z';
        ctx.clock.set('2026-03-10T11:20:00.000Z');
        const res = await post(user, 'Written on the train home.', { writtenAt });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().data).toMatchObject({ date: '2026-03-10', dateCreated: writtenAt });
        // The new day still has room for its own entry, and the run counts both.
        expect((await post(user, 'The next morning.')).json().data.date).toBe('2026-03-11');
        expect((await rows(user)).map((r) => [r.localDate, r.createdAt.toISOString()])).toEqual([
          ['2026-03-10', writtenAt],
          ['2026-03-11', '2026-03-10T11:20:00.000Z'],
        ]);
        const me = await call(ctx.app, 'GET', `/api/v1/user?id=${user.id}`, { token: user.token });
        expect(me.json().data.diaryStreak).toBe(2);
      });

      it('is refused when its day already has an entry, and keeps that one', async () => {
        const user = await buildUser(ctx);
        expect((await post(user, 'Online on the 10th')).statusCode).toBe(201);
        ctx.clock.set('2026-03-11T00:10:00.000Z');
        expectFail(
          await post(user, 'Offline on the 10th', { writtenAt: '2026-03-10T23:50:00.000Z' }),
          409,
          'DIARY_ALREADY_WRITTEN',
          { message: 'You have already written your diary for that day' },
        );
        expect((await rows(user)).map((r) => r.content)).toEqual(['Online on the 10th']);
      });

      it('is refused when written before yesterday, and nothing is saved', async () => {
        const user = await buildUser(ctx);
        const res = await post(user, 'Two days late', { writtenAt: '2026-03-08T23:59:59.999Z' });
        const body = expectFail(res, 400, 'VALIDATION_ERROR');
        expect(body.issues).toEqual([
          {
            path: 'body.writtenAt',
            message:
              'An entry written offline is kept for its day only until the end of the next day',
          },
        ]);
        expect(await rows(user)).toEqual([]);
      });

      it('takes now for a time after now (a clock running ahead) and today for now', async () => {
        const user = await buildUser(ctx);
        const res = await post(user, 'From the future', { writtenAt: '2026-03-12T08:00:00.000Z' });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().data).toMatchObject({ date: '2026-03-10', dateCreated: START });
      });

      it.each(['2026-03-10', 'yesterday', '2026-03-10T25:00:00Z', 12])(
        'refuses writtenAt %j with 400',
        async (writtenAt) => {
          const user = await buildUser(ctx);
          expectFail(await post(user, 'Text', { writtenAt }), 400, 'VALIDATION_ERROR');
          expect(await rows(user)).toEqual([]);
        },
      );
    });

    it('accepts 20,000 characters, also with padding around them, and refuses 20,001', async () => {
      const user = await buildUser(ctx);
      const full = 'd'.repeat(20_000);
      expectFail(await post(user, `${full}d`), 400, 'VALIDATION_ERROR');
      expect(await rows(user)).toHaveLength(0);
      const res = await post(user, `   ${full}\n\n`);
      expect(res.statusCode).toBe(201);
      expect(res.json().data.content).toBe(full);
    });

    it('keeps every character of the content', async () => {
      const user = await buildUser(ctx);
      const content = "Line one\nLine two\t— “quotes” <script>alert(1)</script> 🌧️→☀️ مرحبا \\ '%_";
      const res = await post(user, content);
      expect(res.json().data.content).toBe(content);
      expect((await list(user)).json().data[0].content).toBe(content);
    });

    it('saves content holding a lone surrogate instead of failing', async () => {
      const user = await buildUser(ctx);
      const res = await post(user, 'a\ud800b');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.content).toHaveLength(3);
      expect(await rows(user)).toHaveLength(1);
    });

    it.each<[string, unknown]>([
      ['an empty object', {}],
      ['no content', { id: 'SELF' }],
      ['no id', { content: 'Hello' }],
      ['empty content', { id: 'SELF', content: '' }],
      ['blank content', { id: 'SELF', content: ' \n\t  ' }],
      ['content of 20,001 characters', { id: 'SELF', content: 'x'.repeat(20_001) }],
      ['content that is a number', { id: 'SELF', content: 42 }],
      ['null content', { id: 'SELF', content: null }],
      ['content that is an array', { id: 'SELF', content: ['a', 'b'] }],
      ['content that is an object', { id: 'SELF', content: { text: 'hi' } }],
      ['content with a NUL character', { id: 'SELF', content: 'before\u0000after' }],
      ['an id that is a number', { id: 7, content: 'Hello' }],
      ['an empty id', { id: '', content: 'Hello' }],
      ['an id over 100 characters', { id: 'i'.repeat(101), content: 'Hello' }],
      [
        'a back-filled date that is no calendar date',
        { id: 'SELF', content: 'Hello', date: '2026-02-30' },
      ],
      ['a chosen local date', { id: 'SELF', content: 'Hello', localDate: '2026-01-01' }],
      ['a chosen creation time', { id: 'SELF', content: 'Hello', dateCreated: START }],
      ['a user id field', { id: 'SELF', content: 'Hello', userId: 'SELF' }],
      ['a body that is an array', [{ id: 'SELF', content: 'Hello' }]],
    ])('refuses %s with a 400 and writes nothing', async (_label, body) => {
      const user = await buildUser(ctx);
      const withSelf = JSON.parse(JSON.stringify(body).replaceAll('"SELF"', `"${user.id}"`));
      const before = await dumpUserRows(ctx, user.id);
      expectFail(
        await call(ctx.app, 'POST', '/api/v1/diary', { token: user.token, body: withSelf }),
        400,
        'VALIDATION_ERROR',
      );
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it("says 'Diary Can't be Empty' about blank content", async () => {
      const user = await buildUser(ctx);
      const body = expectFail(await post(user, '   '), 400, 'VALIDATION_ERROR');
      expect(body.issues).toContainEqual({ path: 'body.content', message: "Diary Can't be Empty" });
    });

    it.each<[string, string | undefined, string | undefined, number, string]>([
      ['malformed JSON', '{"content": "Hi", "id": ', 'application/json', 400, 'BAD_REQUEST'],
      ['JSON null', 'null', 'application/json', 400, 'VALIDATION_ERROR'],
      ['an empty JSON body', '', 'application/json', 400, 'BAD_REQUEST'],
      ['no body at all', undefined, undefined, 400, 'VALIDATION_ERROR'],
      ['a text/plain body', 'Dear diary', 'text/plain', 400, 'VALIDATION_ERROR'],
      [
        'a form body',
        'content=Hi',
        'application/x-www-form-urlencoded',
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'a prototype-poisoning body',
        '{"content":"Hi","id":"SELF","__proto__":{"admin":true}}',
        'application/json',
        400,
        'BAD_REQUEST',
      ],
      [
        'a body over 64 KB',
        JSON.stringify({ content: 'x'.repeat(70_000), id: 'SELF' }),
        'application/json',
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ])('refuses %s and writes nothing', async (_label, payload, type, status, code) => {
      const user = await buildUser(ctx);
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await postRaw(user, payload?.replace('SELF', user.id), type), status, code);
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each(noSessionHeaders('123'))(
      'answers 401 to %s and writes nothing',
      async (_label, headers) => {
        const user = await buildUser(ctx);
        const res = await call(ctx.app, 'POST', '/api/v1/diary', {
          headers,
          body: { content: 'Sneaky', id: user.id },
        });
        expectFail(res, 401, 'UNAUTHORIZED');
        expect(await rows(user)).toHaveLength(0);
      },
    );

    it("answers 404 to another user's token with this user's id, and writes for no one", async () => {
      const victim = await buildUser(ctx);
      const attacker = await buildUser(ctx);
      await buildDiary(ctx, victim, '2026-03-09', 'Private thoughts');
      const victimBefore = await dumpUserRows(ctx, victim.id);
      const attackerBefore = await dumpUserRows(ctx, attacker.id);
      const res = await call(ctx.app, 'POST', '/api/v1/diary', {
        token: attacker.token,
        body: { content: 'Written in your name', id: victim.id },
      });
      expectFail(res, 404, 'NOT_FOUND');
      expect(res.body).not.toContain('Private thoughts');
      expect(await dumpUserRows(ctx, victim.id)).toEqual(victimBefore);
      expect(await dumpUserRows(ctx, attacker.id)).toEqual(attackerBefore);
      // The victim can still write today.
      expect((await post(victim, 'Mine')).statusCode).toBe(201);
    });

    it('twenty concurrent posts the same day: one 201, nineteen 409, one row', async () => {
      const user = await buildUser(ctx);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(user, `Attempt ${i}`)),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, ...Array(19).fill(409)]);
      for (const res of results.filter((r) => r.statusCode === 409)) {
        expectFail(res, 409, 'DIARY_ALREADY_WRITTEN');
      }
      const winner = results.find((r) => r.statusCode === 201)!.json().data;
      const stored = await rows(user);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ id: winner.id, content: winner.content });
    });

    it('twenty concurrent posts by twenty users all succeed', async () => {
      const writers = await Promise.all(Array.from({ length: 20 }, () => buildUser(ctx)));
      const results = await Promise.all(writers.map((w) => post(w, 'Mine alone')));
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      for (const w of writers) expect(await rows(w)).toHaveLength(1);
    });

    describe("on the user's local day", () => {
      it.each([
        // UTC+14: 11:00Z is 01:00 on 11 March; local midnight of the 12th is 10:00Z on the 11th.
        [
          'Pacific/Kiritimati',
          '2026-03-11',
          '2026-03-11T09:59:59.999Z',
          '2026-03-11T10:00:00.000Z',
          '2026-03-12',
        ],
        // UTC-7 after the DST change: 11:00Z is 04:00 on 10 March; the 11th starts at 07:00Z.
        [
          'America/Los_Angeles',
          '2026-03-10',
          '2026-03-11T06:59:59.999Z',
          '2026-03-11T07:00:00.000Z',
          '2026-03-11',
        ],
      ])('%s', async (timeZone, firstDate, lastMoment, nextMidnight, nextDate) => {
        ctx.clock.set('2026-03-10T11:00:00.000Z');
        const user = await buildUser(ctx, { timeZone });
        const first = await post(user, 'First');
        expect(first.statusCode).toBe(201);
        expect(first.json().data).toMatchObject({
          date: firstDate,
          dateCreated: '2026-03-10T11:00:00.000Z',
        });

        ctx.clock.set(lastMoment);
        expectFail(await post(user, 'Same local day'), 409, 'DIARY_ALREADY_WRITTEN');

        ctx.clock.set(nextMidnight);
        const next = await post(user, 'Next local day');
        expect(next.statusCode).toBe(201);
        expect(next.json().data.date).toBe(nextDate);

        const entries = (await list(user)).json().data;
        expect(entries.map((e: { date: string }) => e.date)).toEqual([nextDate, firstDate]);
      });

      it('uses the time zone the user has now, after a change', async () => {
        ctx.clock.set('2026-03-10T20:00:00.000Z');
        const user = await buildUser(ctx, { timeZone: 'UTC' });
        expect((await post(user, 'In London')).json().data.date).toBe('2026-03-10');
        const moved = await call(ctx.app, 'PATCH', `/api/v1/user?id=${user.id}`, {
          token: user.token,
          body: { timeZone: 'Asia/Tokyo' },
        });
        expect(moved.statusCode).toBe(200);
        // 20:00Z is 05:00 on the 11th in Tokyo: a new local day.
        const tokyo = await post(user, 'In Tokyo');
        expect(tokyo.statusCode).toBe(201);
        expect(tokyo.json().data.date).toBe('2026-03-11');
      });
    });
  });

  describe('GET /api/v1/diary', () => {
    it('answers an empty list before the first entry', async () => {
      const user = await buildUser(ctx);
      const res = await list(user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ status: 'success', data: [] });
    });

    it("lists the caller's entries newest first, and no one else's", async () => {
      const user = await buildUser(ctx);
      const other = await buildUser(ctx);
      for (const date of ['2026-02-28', '2026-03-09', '2025-12-31', '2026-03-01']) {
        await buildDiary(ctx, user, date, `Entry ${date}`);
      }
      await buildDiary(ctx, other, '2026-03-10', 'Not yours');
      expect((await post(user, 'Today')).statusCode).toBe(201);

      const res = await list(user);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { id: string; date: string; content: string }[];
      expect(data.map((d) => d.date)).toEqual([
        '2026-03-10',
        '2026-03-09',
        '2026-03-01',
        '2026-02-28',
        '2025-12-31',
      ]);
      expect(data.map((d) => d.content)).toEqual([
        'Today',
        'Entry 2026-03-09',
        'Entry 2026-03-01',
        'Entry 2026-02-28',
        'Entry 2025-12-31',
      ]);
      for (const entry of data) {
        expect(Object.keys(entry).sort()).toEqual([
          'content',
          'date',
          'dateCreated',
          'id',
          'isBackfilled',
          'mood',
        ]);
        expect(entry.id).toMatch(UUID);
      }
      expect(res.body).not.toContain('Not yours');
    });

    it('answers a page newest first, and the next from the last date (decision 079)', async () => {
      const user = await buildUser(ctx);
      const other = await buildUser(ctx);
      const dates = ['2026-03-09', '2026-03-07', '2026-03-04', '2026-02-28', '2025-12-31'];
      for (const date of dates) await buildDiary(ctx, user, date, `Entry ${date}`);
      await buildDiary(ctx, other, '2026-03-08', 'Not yours');
      const page = async (query: string) => {
        const res = await call(ctx.app, 'GET', `/api/v1/diary?id=${user.id}${query}`, {
          token: user.token,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toContain('Not yours');
        return (res.json().data as { date: string; content: string }[]).map((d) => d.date);
      };
      expect(await page('&limit=2')).toEqual(['2026-03-09', '2026-03-07']);
      expect(await page('&limit=2&before=2026-03-07')).toEqual(['2026-03-04', '2026-02-28']);
      expect(await page('&limit=2&before=2026-02-28')).toEqual(['2025-12-31']);
      expect(await page('&limit=2&before=2025-12-31')).toEqual([]);
      expect(await page('&limit=1')).toEqual(['2026-03-09']);
      // Without limit, SPEC.md's whole list, from the cursor when one is given.
      expect(await page('')).toEqual(dates);
      expect(await page('&before=2026-03-01')).toEqual(['2026-02-28', '2025-12-31']);
    });

    it('answers the same under /v1', async () => {
      const user = await buildUser(ctx);
      await buildDiary(ctx, user, '2026-03-08', 'Old');
      const res = await call(ctx.app, 'GET', `/v1/diary?id=${user.id}`, { token: user.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual((await list(user)).json());
      expect(res.json().data[0]).toMatchObject({ date: '2026-03-08', content: 'Old' });
    });

    it.each([
      ['no id', () => '/api/v1/diary'],
      ['an empty id', () => '/api/v1/diary?id='],
      ['the id twice', (id: string) => `/api/v1/diary?id=${id}&id=${id}`],
      ['an unknown parameter', (id: string) => `/api/v1/diary?id=${id}&page=1`],
      ['a page over 50', (id: string) => `/api/v1/diary?id=${id}&limit=51`],
      ['a page of none', (id: string) => `/api/v1/diary?id=${id}&limit=0`],
      // Found by the fuzz test: year 0 is no date to PostgreSQL, and answered 500.
      ['a cursor in year 0', (id: string) => `/api/v1/diary?id=${id}&before=0000-02-29`],
      ['a cursor that is no date', (id: string) => `/api/v1/diary?id=${id}&limit=5&before=x`],
    ])('refuses %s with a 400', async (_label, url) => {
      const user = await buildUser(ctx);
      expectFail(
        await call(ctx.app, 'GET', url(user.id), { token: user.token }),
        400,
        'VALIDATION_ERROR',
      );
    });

    it.each(noSessionHeaders('../../etc/passwd'))(
      'answers 401 to %s and shows nothing',
      async (_label, headers) => {
        const user = await buildUser(ctx);
        await buildDiary(ctx, user, '2026-03-09', 'Secret entry');
        const res = await call(ctx.app, 'GET', `/api/v1/diary?id=${user.id}`, { headers });
        expectFail(res, 401, 'UNAUTHORIZED');
        expect(res.body).not.toContain('Secret entry');
      },
    );

    it("answers 404 to another user's token with this user's id, and shows nothing", async () => {
      const victim = await buildUser(ctx);
      const attacker = await buildUser(ctx);
      await buildDiary(ctx, victim, '2026-03-09', 'Secret entry');
      const before = await dumpUserRows(ctx, victim.id);
      const res = await call(ctx.app, 'GET', `/api/v1/diary?id=${victim.id}`, {
        token: attacker.token,
      });
      expectFail(res, 404, 'NOT_FOUND');
      expect(res.body).not.toContain('Secret entry');
      expect(await dumpUserRows(ctx, victim.id)).toEqual(before);
    });
  });
});
