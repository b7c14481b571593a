import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app';
import { expectFail } from '../../../test/assertions';
import { buildUser, dumpUserRows, unknownToken } from '../../../test/factories';
import { users } from '../../db/schema';
import { START, USER_FIELDS, userRequests } from './user.test-helpers';

describe('user routes', () => {
  const ctx = useTestApp();
  beforeEach(() => ctx.clock.set(START));

  const { getUser } = userRequests(ctx);

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
        diaryStreakRestDays: 0,
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
});
