import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, sendRaw, useTestApp } from '../../../test/app';
import { badAuthHeaders, expectFail } from '../../../test/assertions';
import {
  backgroundsOfTier,
  buildUser,
  buildWonGoal,
  dumpUserRows,
  type BackgroundRow,
  type TestUser,
} from '../../../test/factories';
import { backgrounds, userBackgrounds, users } from '../../db/schema';

const API = '/api/v1';
const PUBLIC_URL = 'https://wellspring.example.org';

type BackgroundView = { id: string; name: string; URL: string; tier: number };
type Ownership = { id: string; backgroundId: string; acquiredAt: string };

describe('background routes', () => {
  const ctx = useTestApp({ failOnServerErrors: true, env: { PUBLIC_URL } });
  let all: BackgroundRow[];
  let firstLight: BackgroundRow;
  beforeAll(async () => {
    all = [
      ...(await backgroundsOfTier(ctx, 1)),
      ...(await backgroundsOfTier(ctx, 2)),
      ...(await backgroundsOfTier(ctx, 3)),
    ];
    firstLight = all.find((b) => b.name === 'First Light')!;
  });

  /** The absolute URL the API answers for a background row (the table keeps the path). */
  const urlOf = (background: BackgroundRow) => `${PUBLIC_URL}${background.url}`;
  /** Gives the user a background directly, as a claimed reward would. */
  async function grant(user: TestUser, background: BackgroundRow, at = ctx.clock.now()) {
    await ctx.db
      .insert(userBackgrounds)
      .values({ userId: user.id, backgroundId: background.id, acquiredAt: at });
  }
  const listAll = (token?: string) =>
    call(ctx.app, 'GET', `${API}/background`, token ? { token } : {});
  const listOwned = (user: TestUser, token = user.token) =>
    call(ctx.app, 'GET', `${API}/background/user/${user.id}`, { token });
  const ownedIds = async (user: TestUser) =>
    ((await listOwned(user)).json().data as Ownership[]).map((o) => o.backgroundId);
  const select = (user: TestUser, body: unknown, token = user.token) =>
    call(ctx.app, 'PATCH', `${API}/background/user?id=${user.id}`, { token, body });
  const selectedUrl = async (user: TestUser) =>
    (await call(ctx.app, 'GET', `${API}/user?id=${user.id}`, { token: user.token })).json().data
      .selectedBackgroundURL;

  describe('GET /background', () => {
    it('answers all 12 backgrounds, 4 a tier, each with id, name, an absolute URL and tier', async () => {
      const res = await listAll();
      expect(res.statusCode).toBe(200);
      const data: BackgroundView[] = res.json().data;
      expect(data).toHaveLength(12);
      for (const tier of [1, 2, 3]) expect(data.filter((b) => b.tier === tier)).toHaveLength(4);
      expect(new Set(data.map((b) => b.id)).size).toBe(12);
      for (const b of data) {
        expect(Object.keys(b).sort()).toEqual(['URL', 'id', 'name', 'tier']);
        expect(b.URL).toMatch(/^https:\/\/wellspring\.example\.org\/backgrounds\/[a-z-]+\.svg$/);
      }
      expect(data.map((b) => b.id).sort()).toEqual(all.map((b) => b.id).sort());
      expect(data.find((b) => b.id === firstLight.id)).toEqual({
        id: firstLight.id,
        name: 'First Light',
        URL: `${PUBLIC_URL}/backgrounds/first-light.svg`,
        tier: 1,
      });
    });

    it('works under /v1 too', async () => {
      const res = await call(ctx.app, 'GET', '/v1/background');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(12);
    });

    it.each([
      ['a valid token', (u: TestUser) => `Bearer ${u.token}`],
      ['a malformed token', () => 'Bearer not a token'],
      ['an unknown token', () => `Bearer ${'B'.repeat(43)}`],
    ])('answers the same list with %s: nothing in it is the caller’s', async (_l, header) => {
      const user = await buildUser(ctx);
      await grant(
        user,
        all.find((b) => b.name === 'Quiet Peaks')!,
      );
      const anonymous = (await listAll()).json();
      const res = await call(ctx.app, 'GET', `${API}/background`, {
        headers: { authorization: header(user) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(anonymous);
    });
  });

  describe('GET /background/user/:userId', () => {
    it('answers one ownership record, of First Light, for a new user; its URL is selected', async () => {
      const user = await buildUser(ctx);
      const res = await listOwned(user);
      expect(res.statusCode).toBe(200);
      const data: Ownership[] = res.json().data;
      expect(data).toEqual([
        { id: expect.any(String), backgroundId: firstLight.id, acquiredAt: expect.any(String) },
      ]);
      expect(data[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(data[0]!.id).not.toBe(firstLight.id);
      expect(new Date(data[0]!.acquiredAt).toISOString()).toBe(data[0]!.acquiredAt);
      expect(await selectedUrl(user)).toBe(urlOf(firstLight));
    });

    it('answers every owned background, oldest first, each record with its own id, under /v1', async () => {
      const user = await buildUser(ctx);
      const tier3 = await backgroundsOfTier(ctx, 3);
      const later = new Date(ctx.clock.now().getTime() + 60_000);
      await grant(user, tier3[2]!, later);
      await grant(user, tier3[0]!, new Date(later.getTime() + 60_000));
      const res = await call(ctx.app, 'GET', `/v1/background/user/${user.id}`, {
        token: user.token,
      });
      expect(res.statusCode).toBe(200);
      const data: Ownership[] = res.json().data;
      expect(data.map((o) => o.backgroundId)).toEqual([firstLight.id, tier3[2]!.id, tier3[0]!.id]);
      expect(data[1]!.acquiredAt).toBe(later.toISOString());
      expect(new Set(data.map((o) => o.id)).size).toBe(3);
      for (const o of data)
        expect(Object.keys(o).sort()).toEqual(['acquiredAt', 'backgroundId', 'id']);
      // The same record keeps its id from one call to the next.
      expect((await listOwned(user)).json().data).toEqual(data);
    });

    it('shows a reward claimed through the goal routes', async () => {
      const user = await buildUser(ctx);
      const reward = (await backgroundsOfTier(ctx, 2))[3]!;
      await buildWonGoal(ctx, user, reward, 200_000);
      expect(await ownedIds(user)).not.toContain(reward.id);
      const claim = await call(ctx.app, 'POST', `${API}/goal/claim?id=${user.id}`, {
        token: user.token,
      });
      expect(claim.statusCode).toBe(200);
      expect(claim.json().data.background).toEqual({
        id: reward.id,
        name: reward.name,
        URL: urlOf(reward),
        tier: 2,
      });
      expect((await ownedIds(user)).sort()).toEqual([firstLight.id, reward.id].sort());
      expect(await selectedUrl(user)).toBe(urlOf(firstLight));
      expect((await select(user, { backgroundId: reward.id })).statusCode).toBe(200);
      expect(await selectedUrl(user)).toBe(urlOf(reward));
    });

    it.each([
      ['an empty userId', '/'],
      ['a userId over 100 characters', `/${'a'.repeat(101)}`],
    ])('refuses %s with a 400', async (_label, suffix) => {
      const user = await buildUser(ctx);
      const res = await call(ctx.app, 'GET', `${API}/background/user${suffix}`, {
        token: user.token,
      });
      expectFail(res, 400, 'VALIDATION_ERROR');
    });

    it.each([
      ['a random UUID', '00000000-0000-4000-8000-000000000000'],
      ['a non-UUID', 'me'],
    ])('answers 404 for %s', async (_label, userId) => {
      const user = await buildUser(ctx);
      const res = await call(ctx.app, 'GET', `${API}/background/user/${userId}`, {
        token: user.token,
      });
      expectFail(res, 404, 'NOT_FOUND');
    });
  });

  describe('PATCH /background/user', () => {
    it('selects an owned background and answers it; the user’s selectedBackgroundURL is its URL', async () => {
      const user = await buildUser(ctx);
      const mist = all.find((b) => b.name === 'Morning Mist')!;
      await grant(user, mist);
      const res = await select(user, { backgroundId: mist.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        data: { id: mist.id, name: mist.name, URL: urlOf(mist), tier: 1 },
      });
      expect(await selectedUrl(user)).toBe(urlOf(mist));
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.selectedBackgroundId).toBe(mist.id);
      // Back to the default, under /v1; selecting the selected one again is harmless.
      for (let i = 0; i < 2; i += 1) {
        const back = await call(ctx.app, 'PATCH', `/v1/background/user?id=${user.id}`, {
          token: user.token,
          body: { backgroundId: firstLight.id },
        });
        expect(back.statusCode).toBe(200);
        expect(back.json().data).toMatchObject({ id: firstLight.id, URL: urlOf(firstLight) });
      }
      expect(await selectedUrl(user)).toBe(urlOf(firstLight));
    });

    it('answers 404 for a background the user does not own, and changes nothing', async () => {
      const user = await buildUser(ctx);
      const before = await dumpUserRows(ctx, user.id);
      for (const b of all.filter((b) => b.id !== firstLight.id)) {
        expectFail(await select(user, { backgroundId: b.id }), 404, 'NOT_FOUND');
      }
      expectFail(
        await select(user, { backgroundId: '00000000-0000-4000-8000-000000000000' }),
        404,
        'NOT_FOUND',
      );
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      expect(await selectedUrl(user)).toBe(urlOf(firstLight));
    });

    it('answers 404 for a background only another user owns', async () => {
      const owner = await buildUser(ctx);
      const user = await buildUser(ctx);
      const lantern = all.find((b) => b.name === 'Lantern Night')!;
      await grant(owner, lantern);
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await select(user, { backgroundId: lantern.id }), 404, 'NOT_FOUND');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      ['a malformed backgroundId', { backgroundId: 'first-light' }],
      ['a numeric backgroundId', { backgroundId: 1 }],
      ['a null backgroundId', { backgroundId: null }],
      ['no backgroundId', {}],
      ['an unknown field', { backgroundId: 'ID', owned: true }],
      ['a selected flag', { backgroundId: 'ID', selected: true }],
      ['a url', { backgroundId: 'ID', url: 'https://evil.example/x.png' }],
      ['an array body', ['ID']],
    ])('refuses %s with a 400 and changes nothing', async (_label, body) => {
      const user = await buildUser(ctx);
      const mist = all.find((b) => b.name === 'Morning Mist')!;
      await grant(user, mist);
      const filled = JSON.parse(JSON.stringify(body).replace(/"ID"/g, JSON.stringify(mist.id)));
      const before = await dumpUserRows(ctx, user.id);
      expectFail(await select(user, filled), 400, 'VALIDATION_ERROR');
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      ['malformed JSON', () => '{"backgroundId":', 400, 'BAD_REQUEST'],
      ['an empty body', () => '', 400, 'BAD_REQUEST'],
      ['a JSON null', () => 'null', 400, 'VALIDATION_ERROR'],
      ['a number', () => '1e309', 400, 'VALIDATION_ERROR'],
      [
        'a body over 64 KB',
        (id: string) => JSON.stringify({ backgroundId: id, pad: 'x'.repeat(70_000) }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ])('refuses %s and changes nothing', async (_label, payload, status, code) => {
      const user = await buildUser(ctx);
      const mist = all.find((b) => b.name === 'Morning Mist')!;
      await grant(user, mist);
      const before = await dumpUserRows(ctx, user.id);
      const url = `${API}/background/user?id=${user.id}`;
      expectFail(await sendRaw(ctx.app, 'PATCH', url, user.token, payload(mist.id)), status, code);
      expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    });

    it.each([
      ['no id', () => `${API}/background/user`],
      ['an empty id', () => `${API}/background/user?id=`],
      ['an unknown parameter', (u: TestUser) => `${API}/background/user?id=${u.id}&force=1`],
    ])('refuses %s in the query with a 400', async (_label, url) => {
      const user = await buildUser(ctx);
      const res = await call(ctx.app, 'PATCH', url(user), {
        token: user.token,
        body: { backgroundId: firstLight.id },
      });
      expectFail(res, 400, 'VALIDATION_ERROR');
    });
  });

  describe('authentication and ownership', () => {
    const routes: [string, InjectOptions['method'], (u: TestUser) => string, boolean][] = [
      ['GET /background/user/:userId', 'GET', (u) => `${API}/background/user/${u.id}`, false],
      ['PATCH /background/user', 'PATCH', (u) => `${API}/background/user?id=${u.id}`, true],
    ];

    it.each(routes)(
      '%s answers 401 without a valid bearer token',
      async (_l, method, url, hasBody) => {
        const user = await buildUser(ctx);
        const before = await dumpUserRows(ctx, user.id);
        for (const [label, headers] of badAuthHeaders(user)) {
          const res = await call(ctx.app, method, url(user), {
            headers,
            body: hasBody ? { backgroundId: firstLight.id } : undefined,
          });
          expect(res.statusCode, label).toBe(401);
          expectFail(res, 401, 'UNAUTHORIZED');
        }
        expect(await dumpUserRows(ctx, user.id)).toEqual(before);
      },
    );

    it.each(routes)(
      '%s answers 404 with another user’s id and touches nothing of theirs',
      async (_l, method, url, hasBody) => {
        const victim = await buildUser(ctx);
        const attacker = await buildUser(ctx);
        const coral = all.find((b) => b.name === 'Coral Garden')!;
        await grant(victim, coral);
        await grant(attacker, coral);
        const victimBefore = await dumpUserRows(ctx, victim.id);
        const attackerBefore = await dumpUserRows(ctx, attacker.id);
        const body = hasBody ? { backgroundId: coral.id } : undefined;
        const res = await call(ctx.app, method, url(victim), { token: attacker.token, body });
        expectFail(res, 404, 'NOT_FOUND');
        expect(await dumpUserRows(ctx, victim.id)).toEqual(victimBefore);
        expect(await dumpUserRows(ctx, attacker.id)).toEqual(attackerBefore);
        const own = await call(ctx.app, method, url(victim), { token: victim.token, body });
        expect(own.statusCode).toBe(200);
      },
    );

    it('never lets a client grant itself a background', async () => {
      const user = await buildUser(ctx);
      const peaks = all.find((b) => b.name === 'Quiet Peaks')!;
      const attempts: [InjectOptions['method'], string, unknown][] = [
        ['PATCH', `${API}/background/user?id=${user.id}`, { backgroundId: peaks.id, owned: true }],
        ['POST', `${API}/background/user?id=${user.id}`, { backgroundId: peaks.id }],
        ['PUT', `${API}/background/user/${user.id}`, { backgroundId: peaks.id }],
        ['PATCH', `${API}/user?id=${user.id}`, { selectedBackgroundId: peaks.id }],
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(ctx.app, method, url, { token: user.token, body });
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      const owned = await ctx.db
        .select({ id: backgrounds.id })
        .from(userBackgrounds)
        .innerJoin(backgrounds, eq(backgrounds.id, userBackgrounds.backgroundId))
        .where(eq(userBackgrounds.userId, user.id));
      expect(owned).toEqual([{ id: firstLight.id }]);
      expect(await selectedUrl(user)).toBe(urlOf(firstLight));
    });
  });
});
