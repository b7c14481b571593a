import { addDays } from '@wellspring/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail, noSessionHeaders } from '../../../test/assertions';
import { buildUser, dumpUserRows } from '../../../test/factories';
import { users } from '../../db/schema';
import { MOODS, START, TODAY, USER_FIELDS, userRequests } from './user.test-helpers';
import { insertDailyMoods } from '../check-ins/check-ins.service';

describe('user routes', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.clock.set(START));

  const { getUser, patchUser, patchRaw, setExpiredCount, moodRows } = userRequests(ctx);

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
      await insertDailyMoods(ctx.db, [
        {
          userId: user.id,
          localDate: addDays(TODAY, -1),
          mood: 'Sad',
          updatedAt: new Date('2026-03-09T12:00:00Z'),
          timeZone: 'UTC',
        },
      ]);
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
});
