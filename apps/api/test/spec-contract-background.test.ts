import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './app';
import { backgroundsOfTier, buildUser, buildWonGoal, type TestUser } from './factories';
import {
  createAnswerValidator,
  readPublishedOpenApi,
  type PublishedOpenApi,
} from './published-openapi';

/*
 * The background calls and every URL, as SPEC.md states them (decision 028), written
 * from SPEC.md's words rather than from our implementation, and each answer checked against the
 * published OpenAPI document. Run on PGlite, and on PostgreSQL with TEST_DB=postgres.
 *
 * SPEC.md section 3: "Background: id, name, URL, tier (1, 2 or 3), plus computed owned and
 * selected. User background ownership: backgroundId." Section 7: "GET /v1/background | No auth.
 * Answer data is all backgrounds." "GET /v1/background/user/{userId} | Answer data is the owned
 * backgrounds." "PATCH /v1/background/user?id={userId} | Body backgroundId."
 */

/** A deployment whose API has an address of its own: every URL must name it. */
const PUBLIC_URL = 'https://api.wellspring.example.org';
const V1 = '/v1';
const DOC = '/api/v1';

/** True for a URL a page on any origin can use as it is: absolute, http or https. */
function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  return ['http:', 'https:'].includes(new URL(value).protocol);
}

interface SpecBackground {
  id: string;
  name: string;
  URL: string;
  tier: number;
}

describe('SPEC.md: backgrounds, and every URL the API hands out', () => {
  const ctx = useTestApp({ failOnServerErrors: true, env: { PUBLIC_URL } });
  let doc: PublishedOpenApi;
  let answers: ReturnType<typeof createAnswerValidator>;
  beforeAll(async () => {
    doc = await readPublishedOpenApi(ctx.app);
    answers = createAnswerValidator(doc);
  });

  const getAll = () => call(ctx.app, 'GET', `${V1}/background`);
  const getOwned = (user: TestUser) =>
    call(ctx.app, 'GET', `${V1}/background/user/${user.id}`, { token: user.token });
  const getUser = (user: TestUser) =>
    call(ctx.app, 'GET', `${V1}/user?id=${user.id}`, { token: user.token });

  /** What a client written from SPEC.md computes: owned and selected, from the three answers. */
  async function computeCollection(user: TestUser) {
    const all: SpecBackground[] = (await getAll()).json().data;
    const owned: { backgroundId: string }[] = (await getOwned(user)).json().data;
    const { selectedBackgroundURL } = (await getUser(user)).json().data;
    const ownedIds = new Set(owned.map((o) => o.backgroundId));
    return all.map((b) => ({
      ...b,
      owned: ownedIds.has(b.id),
      selected: b.URL === selectedBackgroundURL,
    }));
  }

  describe('GET /v1/background: "No auth. Answer data is all backgrounds."', () => {
    it('answers without a token, as the published document says', async () => {
      const res = await getAll();
      answers.expectDocumented(res, 'GET', `${DOC}/background`);
      expect(res.json().data.length).toBeGreaterThanOrEqual(12);
    });

    it('a background has id, name, URL and tier (1, 2 or 3)', async () => {
      const data: Record<string, unknown>[] = (await getAll()).json().data;
      for (const background of data) {
        expect(Object.keys(background).sort()).toEqual(['URL', 'id', 'name', 'tier']);
        expect(background.id).toEqual(expect.any(String));
        expect(background.name).toEqual(expect.any(String));
        expect([1, 2, 3]).toContain(background.tier);
        expect(background).not.toHaveProperty('url');
      }
      expect(new Set(data.map((b) => b.tier))).toEqual(new Set([1, 2, 3]));
    });

    it('every URL is absolute, on the API’s public address', async () => {
      const data: SpecBackground[] = (await getAll()).json().data;
      for (const { URL: url } of data) {
        expect(isAbsoluteUrl(url), url).toBe(true);
        expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
      }
    });
  });

  describe('GET /v1/background/user/{userId}: "Answer data is the owned backgrounds."', () => {
    it('the owned backgrounds have backgroundId (each also its own id and when it was won)', async () => {
      const user = await buildUser(ctx);
      const res = await getOwned(user);
      answers.expectDocumented(res, 'GET', `${DOC}/background/user/{userId}`);
      const owned: Record<string, unknown>[] = res.json().data;
      expect(owned.length).toBeGreaterThanOrEqual(1);
      const ids = new Set(((await getAll()).json().data as SpecBackground[]).map((b) => b.id));
      for (const record of owned) {
        expect(ids.has(record.backgroundId as string)).toBe(true);
        expect(record.id).toEqual(expect.any(String));
        expect(Number.isNaN(Date.parse(record.acquiredAt as string))).toBe(false);
      }
    });

    it('with GET /v1/background and selectedBackgroundURL, a client computes owned and selected', async () => {
      const user = await buildUser(ctx);
      const [, reward] = await backgroundsOfTier(ctx, 2);
      await buildWonGoal(ctx, user, reward!, 200_000);
      const claim = await call(ctx.app, 'POST', `${V1}/goal/claim?id=${user.id}`, {
        token: user.token,
      });
      answers.expectDocumented(claim, 'POST', `${DOC}/goal/claim`);
      expect(isAbsoluteUrl(claim.json().data.background.URL)).toBe(true);

      const collection = await computeCollection(user);
      const owned = collection.filter((b) => b.owned);
      expect(owned.map((b) => b.id)).toContain(reward!.id);
      expect(owned).toHaveLength(2);
      const selected = collection.filter((b) => b.selected);
      expect(selected).toHaveLength(1);
      expect(selected[0]!.owned).toBe(true);
      expect(selected[0]!.id).not.toBe(reward!.id);
    });
  });

  describe('PATCH /v1/background/user?id={userId}: "Body backgroundId."', () => {
    it('selects an owned background: the one a client then computes as selected', async () => {
      const user = await buildUser(ctx);
      const [, reward] = await backgroundsOfTier(ctx, 3);
      await buildWonGoal(ctx, user, reward!, 450_000);
      await call(ctx.app, 'POST', `${V1}/goal/claim?id=${user.id}`, { token: user.token });

      const res = await call(ctx.app, 'PATCH', `${V1}/background/user?id=${user.id}`, {
        token: user.token,
        body: { backgroundId: reward!.id },
      });
      answers.expectDocumented(res, 'PATCH', `${DOC}/background/user`);
      const selected = (await computeCollection(user)).filter((b) => b.selected);
      expect(selected.map((b) => b.id)).toEqual([reward!.id]);
      expect((await getUser(user)).json().data.selectedBackgroundURL).toBe(selected[0]!.URL);
    });
  });

  describe('User: "pictureURL … selectedBackgroundURL": every URL is absolute', () => {
    it('GET and PATCH /v1/user answer absolute URLs, as documented', async () => {
      const user = await buildUser(ctx);
      const got = await getUser(user);
      answers.expectDocumented(got, 'GET', `${DOC}/user`);
      const patched = await call(ctx.app, 'PATCH', `${V1}/user?id=${user.id}`, {
        token: user.token,
        body: { name: 'Ada Absolute' },
      });
      answers.expectDocumented(patched, 'PATCH', `${DOC}/user`);
      for (const res of [got, patched]) {
        const { selectedBackgroundURL, pictureURL } = res.json().data;
        expect(isAbsoluteUrl(selectedBackgroundURL), selectedBackgroundURL).toBe(true);
        expect(selectedBackgroundURL.startsWith(`${PUBLIC_URL}/`)).toBe(true);
        expect(pictureURL === null || isAbsoluteUrl(pictureURL)).toBe(true);
      }
    });

    it('the sign-in answer’s userData has them absolute too', async () => {
      const body = {
        name: 'Grace Contract',
        email: 'grace.contract@example.test',
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        terms: true,
        timeZone: 'UTC',
      };
      const registered = await call(ctx.app, 'POST', `${V1}/auth/register`, { body });
      answers.expectDocumented(registered, 'POST', `${DOC}/auth/register`, 201);
      const login = await call(ctx.app, 'POST', `${V1}/auth/login`, {
        body: { email: body.email, password: body.password },
      });
      answers.expectDocumented(login, 'POST', `${DOC}/auth/login`);
      for (const res of [registered, login]) {
        const { selectedBackgroundURL } = res.json().userData;
        expect(isAbsoluteUrl(selectedBackgroundURL), selectedBackgroundURL).toBe(true);
      }
    });
  });

  describe('the published document pins these shapes for a client generator', () => {
    it('refuses a background answered with url instead of URL, or a URL that is a path', async () => {
      const good: SpecBackground = (await getAll()).json().data[0];
      const path = `${DOC}/background`;
      expect(answers.check('GET', path, 200, { status: 'success', data: [good] })).toBe(true);
      const { URL: url, ...rest } = good;
      expect(
        answers.check('GET', path, 200, { status: 'success', data: [{ ...rest, url }] }),
      ).not.toBe(true);
      const relative = { ...good, URL: new URL(url).pathname };
      expect(answers.check('GET', path, 200, { status: 'success', data: [relative] })).not.toBe(
        true,
      );
      expect(
        answers.check('GET', path, 200, { status: 'success', data: [{ ...good, tier: 4 }] }),
      ).not.toBe(true);
    });

    it('refuses owned backgrounds answered without backgroundId', async () => {
      const path = `${DOC}/background/user/{userId}`;
      const record = {
        id: '6f1c1a52-7f5b-4c0e-9a51-2b8f6c1d3e4f',
        backgroundId: '0b7e3a8e-1d2c-4f5a-9b6c-7d8e9f0a1b2c',
        acquiredAt: '2024-05-01T08:00:00.000Z',
      };
      expect(answers.check('GET', path, 200, { status: 'success', data: [record] })).toBe(true);
      const { backgroundId: _omit, ...withoutBackgroundId } = record;
      expect(
        answers.check('GET', path, 200, { status: 'success', data: [withoutBackgroundId] }),
      ).not.toBe(true);
    });

    it('refuses a user whose selectedBackgroundURL is a path', async () => {
      const user = await buildUser(ctx);
      const data = (await getUser(user)).json().data;
      const relative = { ...data, selectedBackgroundURL: '/backgrounds/first-light.svg' };
      expect(answers.check('GET', `${DOC}/user`, 200, { status: 'success', data })).toBe(true);
      expect(
        answers.check('GET', `${DOC}/user`, 200, { status: 'success', data: relative }),
      ).not.toBe(true);
    });
  });
});
