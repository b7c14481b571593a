import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from './app';
import { TestClock } from './clock';
import { authorizeWithDevProvider, Browser, freePort } from './dev-sign-in';
import { buildUser, type TestUser } from './factories';
import { createAnswerValidator, readPublishedOpenApi } from './published-openapi';

/*
 * SPEC.md section 7, the sign-in exchange and the user calls, written from SPEC.md's words (and
 * its section 3 for the User), each answer checked against the published OpenAPI document.
 * Run on PGlite, and on PostgreSQL with TEST_DB=postgres.
 */

const DOC = '/api/v1';

/** SPEC.md section 3: "User: id, name, email, pictureURL, hasOnboarded, mood, …". */
const SPEC_USER_FIELDS = [
  'id',
  'name',
  'email',
  'pictureURL',
  'hasOnboarded',
  'mood',
  'hasSetMoodToday',
  'unannouncedExpiredTaskCount',
  'diaryStreak',
  'selectedBackgroundURL',
];

describe('SPEC.md section 7: the sign-in exchange and the user', () => {
  let ctx: TestContext;
  let base: string;
  let answers: ReturnType<typeof createAnswerValidator>;
  beforeAll(async () => {
    // The exchange is a real OpenID flow (the built-in provider), so the app listens on loopback.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    ctx = await createTestApp({
      clock: new TestClock(new Date()),
      env: { PUBLIC_URL: base, PORT: String(port) },
    });
    await ctx.app.listen({ host: '127.0.0.1', port });
    answers = createAnswerValidator(await readPublishedOpenApi(ctx.app));
  });
  afterAll(() => ctx.close());

  /** A fetch answer in the shape the validator reads (an injected response's). */
  const fromFetch = async (res: Response) => {
    const body = await res.text();
    const shaped = { statusCode: res.status, body, json: () => JSON.parse(body) };
    return shaped as unknown as LightMyRequestResponse;
  };

  describe('GET /v1/auth/google?credential={code}: "No auth. Answer has token and userData."', () => {
    it('exchanges the code without a bearer token; the answer has token and userData', async () => {
      const browser = new Browser();
      const query = await authorizeWithDevProvider(base, browser, {
        name: 'Grace Spec',
        email: 'grace.spec@dev.test',
      });
      const url = new URL(`${base}/v1/auth/google`);
      url.searchParams.set('credential', query.code);
      url.searchParams.set('state', query.state);
      url.searchParams.set('iss', query.iss);
      const res = await fromFetch(await browser.get(url.href));
      answers.expectDocumented(res, 'GET', `${DOC}/auth/google`);
      const answer: { token: string; userData: Record<string, unknown> } = res.json();
      expect(answer.token).toEqual(expect.any(String));
      expect(Object.keys(answer.userData)).toEqual(expect.arrayContaining(SPEC_USER_FIELDS));
      expect(answer.userData).toMatchObject({ name: 'Grace Spec', hasOnboarded: false });
    });

    it('without state: a documented 400 that says where sign-in starts', async () => {
      const res = await fromFetch(
        await new Browser().get(`${base}/v1/auth/google?credential=c0de`),
      );
      answers.expectDocumented(res, 'GET', `${DOC}/auth/google`, 400);
      expect(res.json().message).toMatch(/must start at \/api\/v1\/auth\/google\/start/);
      expect(res.json()).not.toHaveProperty('issues');
    });
  });

  describe('the user calls', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await buildUser(ctx);
    });

    it('GET /v1/user?id={userId}: "Answer data is the user object"', async () => {
      const res = await call(ctx.app, 'GET', `/v1/user?id=${user.id}`, { token: user.token });
      answers.expectDocumented(res, 'GET', `${DOC}/user`);
      const data = res.json().data;
      expect(Object.keys(data)).toEqual(expect.arrayContaining(SPEC_USER_FIELDS));
      expect(data).toMatchObject({ id: user.id, name: user.name, email: user.email });
      // "mood (default Unknown; Unknown is treated as no mood)".
      expect(data.mood).toBe('Unknown');
    });

    it('GET /v1/user?id={userId}&fields=mood: "Answer data.mood"', async () => {
      const res = await call(ctx.app, 'GET', `/v1/user?id=${user.id}&fields=mood`, {
        token: user.token,
      });
      answers.expectDocumented(res, 'GET', `${DOC}/user`);
      expect(res.json().data).toEqual({ mood: 'Unknown' });
    });

    it('PATCH /v1/user?id={userId}: "Body holds any of name, mood (or Unknown), hasSetMoodToday, unannouncedExpiredTaskCount, hasOnboarded"', async () => {
      const bodies = [
        { name: 'Ada Spec' },
        { mood: 'Happy', hasSetMoodToday: true },
        { mood: 'Unknown' },
        { unannouncedExpiredTaskCount: 0 },
        { hasOnboarded: true },
      ];
      for (const body of bodies) {
        const res = await call(ctx.app, 'PATCH', `/v1/user?id=${user.id}`, {
          token: user.token,
          body,
        });
        answers.expectDocumented(res, 'PATCH', `${DOC}/user`);
        expect(res.json().data).toMatchObject(body);
      }
    });

    it('a call without the bearer token is a documented 401', async () => {
      const res = await call(ctx.app, 'GET', `/v1/user?id=${user.id}`);
      answers.expectDocumented(res, 'GET', `${DOC}/user`, 401);
    });
  });
});
