import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password';
import { createSession } from '../src/modules/auth/session-store';
import { call, createTestApp } from './app';
import { buildUser } from './factories';
import { routeKeys } from './route-table';
import { checkAnswer, fuzzRoute, needsOwnSession, summary } from './fuzz/checker';
import { type OpenApiDoc, readOperations } from './fuzz/contract';
import { CATALOGUE_TABLES, fingerprint, NEXT_XID_KEY, nextXid } from './fuzz/fingerprint';
import { type FuzzRequest, requestArb } from './fuzz/requests';
import { API, PASSWORD, RUNS, SEED } from './fuzz/settings';
import { buildFixture, type Fixture, policyOf } from './fuzz/world';

/**
 * Property-based fuzzing of every /api/v1 route of the server's own route table. Requests are
 * generated from each route's published contract (the OpenAPI document, which comes from the zod
 * schemas that validate requests), steered towards real rows by field name, and mixed with hostile
 * values at every level. Properties, for every request: never a 5xx; the answer is the envelope;
 * a refused request (4xx) changed no row of any table; a request naming another user's rows is
 * refused; the other user's private data never shows up in an answer.
 *
 * FUZZ_RUNS sets the requests per route (200 by default); FUZZ_SEED replays a run.
 */

const ctx = await createTestApp();
const ROUTES = routeKeys(ctx.app.routeTable, API);
const OPERATIONS = readOperations(
  (await call(ctx.app, 'GET', '/api/docs/json')).json() as OpenApiDoc,
);
const PASSWORD_HASHES = {
  subject: await hashPassword(PASSWORD),
  // The victim's password is one the fuzzer never sends.
  victim: await hashPassword(`${PASSWORD} of someone else`),
};

afterAll(async () => {
  const rows = [...summary.entries()];
  const width = Math.max(5, ...rows.map(([key]) => key.length));
  const line = (cells: (string | number)[]) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(width) : String(c).padStart(9))).join('  ');
  const total = rows.reduce(
    (t, [, s]) => ({ requests: t.requests + s.requests, failures: t.failures + s.failures.length }),
    { requests: 0, failures: 0 },
  );
  console.info(
    [
      `Fuzzing summary (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED})`,
      line(['route', 'requests', '2xx', '3xx', '4xx', 'failures', 'ms']),
      ...rows.map(([key, s]) =>
        line([key, s.requests, s.ok, s.redirects, s.refused, s.failures.length, s.ms]),
      ),
      line(['total', total.requests, '', '', '', total.failures, '']),
    ].join('\n'),
  );
  await ctx.close();
});

describe(`fuzzing every ${API} route (${RUNS} requests each, FUZZ_SEED=${SEED})`, () => {
  it('has a generator for every route of the route table', () => {
    expect(ROUTES).toEqual(expect.arrayContaining(['GET /task', 'POST /diary', 'PATCH /user']));
    const missing = ROUTES.filter((key) => !OPERATIONS.has(key));
    expect(missing, 'routes missing from the OpenAPI document, so with no generator').toEqual([]);
    for (const key of ROUTES) {
      // Building the arbitrary walks the whole contract: an unknown schema type throws here.
      expect(() => requestArb(OPERATIONS.get(key)!, {}, undefined), key).not.toThrow();
    }
  });

  it('has a fingerprint that notices any write, and none that was rolled back', async () => {
    const tables = ({ [NEXT_XID_KEY]: _xid, ...rest }: Record<string, string>) => rest;
    const user = await buildUser(ctx);
    const start = await fingerprint(ctx);
    expect(await fingerprint(ctx)).toEqual(start);
    // Reads take no transaction id: an unmoved next id stands for unchanged tables.
    expect(await nextXid(ctx)).toBe(start[NEXT_XID_KEY]);
    await ctx.db
      .update(users)
      .set({ name: sql`${users.name}` })
      .where(eq(users.id, user.id));
    expect(await nextXid(ctx), 'a write moves the next id').not.toBe(start[NEXT_XID_KEY]);
    const same = await fingerprint(ctx);
    expect(same.users, 'an update writing the same values').not.toBe(start.users);
    await ctx.db
      .transaction(async (tx) => {
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await tx.update(users).set({ name: 'Rolled back' }).where(eq(users.id, user.id));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(tables(await fingerprint(ctx))).toEqual(tables(same));
    await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await fingerprint(ctx)).sessions, 'a delete').not.toBe(same.sessions);
  });

  describe('what the fuzzing found, pinned down', () => {
    it("judges what reaches the server: a '#' in a URL ends what is sent", async () => {
      // FUZZ_SEED=658659470 sent `q=x#y&id=<victim's id>`: the server saw `q=x` only (200), and
      // the checker took the fragment for a request naming the victim's row.
      const user = await buildUser(ctx);
      const other = await buildUser(ctx);
      const fixture = { victimIds: [other.id], victim: { email: other.email } } as Fixture;
      const send = async (url: string) => {
        const req: FuzzRequest = {
          method: 'GET',
          url,
          body: undefined,
          contentType: 'application/json',
          auth: 'self',
        };
        const res = await ctx.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${user.token}` },
        });
        return { status: res.statusCode, broken: checkAnswer(res, req, fixture) };
      };
      const query = `${API}/diary/search?id=${user.id}&q=x`;
      expect(await send(`${query}#y&id=${other.id}`)).toEqual({ status: 200, broken: null });
      // Sent for real, the other id is refused (a key twice is not a string).
      expect(await send(`${query}&id=${other.id}`)).toEqual({ status: 400, broken: null });
    });

    it('refuses a body nested 30,000 deep with a 400, not a stack overflow', async () => {
      const user = await buildUser(ctx);
      const url = `${API}/user?id=${user.id}`;
      const bodies = [
        `${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}`,
        `${'{"a":'.repeat(10_000)}"x"${'}'.repeat(10_000)}`,
      ];
      for (const payload of bodies) {
        const res = await ctx.app.inject({
          method: 'PATCH',
          url,
          payload,
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });

    it('refuses an import whose goal target is in no difficulty band with a 400', async () => {
      const user = await buildUser(ctx);
      const file = (
        await call(ctx.app, 'GET', `${API}/account/export`, { token: user.token })
      ).json();
      for (const target of [550_000, -50_000, 0, 2 ** 53 - 1]) {
        const goal = {
          id: '3f2a1c44-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
          target,
          earned: 0,
          taskCompleted: 0,
          status: 'OnProgress',
          tier: 3,
          hasClaimedReward: false,
          rewardBackground: null,
          createdAt: '2026-03-01T10:00:00.000Z',
          completedAt: null,
        };
        const res = await call(ctx.app, 'POST', `${API}/account/import`, {
          token: user.token,
          body: { ...file, goals: [goal] },
        });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  it.each(ROUTES.map((key, index) => [key, index] as const))(
    '%s',
    async (key, index) => {
      const op = OPERATIONS.get(key);
      expect(op, `no generator for ${key}`).toBeDefined();
      const fixture = await buildFixture(ctx, key, PASSWORD_HASHES);
      const catalogue = await fingerprint(ctx, CATALOGUE_TABLES);
      const stats = await fuzzRoute(ctx, op!, fixture, SEED + index);
      expect(await fingerprint(ctx, CATALOGUE_TABLES), 'the catalogue never changes').toEqual(
        catalogue,
      );

      expect(stats.requests).toBe(RUNS);
      expect(
        stats.failures.slice(0, 5).map((f) => `${f.reason}\n    ${f.request}`),
        `${stats.failures.length} of ${stats.requests} requests broke a property`,
      ).toEqual([]);
      // Still standing, and the subject can still use the app (a session route may have ended
      // the subject's first session: a new one then).
      expect((await call(ctx.app, 'GET', '/api/health')).statusCode).toBe(200);
      const token = needsOwnSession(op!)
        ? await createSession(ctx.db, fixture.subject.id, ctx.clock.now(), policyOf(ctx))
        : fixture.subject.token;
      const own = await call(ctx.app, 'GET', `${API}/user?id=${fixture.subject.id}`, { token });
      expect(own.statusCode).toBe(200);
    },
    Math.max(120_000, RUNS * 300),
  );
});
