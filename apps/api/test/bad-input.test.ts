import type { LightMyRequestResponse } from 'fastify';
import { IMPORT_BODY_LIMIT_BYTES } from '@wellspring/shared';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { users } from '../src/db/schema';
import { call, useTestApp, type HttpMethod } from './app';
import {
  buildGoal,
  buildTask,
  buildUser,
  dumpUserRows,
  pickTemplate,
  type TestUser,
} from './factories';
import { routeKeys } from './route-table';

/** One operation of the published contract: what it takes in its path, query and body. */
interface Operation {
  method: HttpMethod;
  /** The OpenAPI path, '/api/v1/background/user/{userId}'. */
  path: string;
  pathParams: string[];
  queryParams: { name: string; required: boolean }[];
  /** Null when the operation takes no body; otherwise the names of its fields. */
  bodyFields: string[] | null;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
}

/**
 * Routes that take more than the 64 KB of PRODUCT.md section 7, on purpose: an account import
 * carries a whole export. Any other route taking more fails the 413 test.
 */
const LARGER_BODY_LIMITS: Record<string, number> = {
  'POST /api/v1/account/import': IMPORT_BODY_LIMIT_BYTES,
};

const NUMERIC_QUERY_PARAMS = ['page', 'size', 'date', 'startDate', 'endDate'];
/** Routes whose `date` query parameter is a local date (YYYY-MM-DD), not milliseconds. */
const LOCAL_DATE_PARAM_PATHS = [
  '/api/v1/insights/day',
  '/v1/insights/day',
  '/api/v1/check-ins',
  '/v1/check-ins',
];
const WEEK_START = Date.parse('2026-03-08T00:00:00Z');
const WEEK_END = Date.parse('2026-03-14T23:59:59Z');

describe('bad input', () => {
  const ctx = useTestApp();
  let user: TestUser;
  let taskId: string;
  let operations: Operation[];

  /** A valid value for each query and path parameter the API knows. */
  function validParam(name: string, op?: Operation): string {
    // The one day of GET /insights/day and of GET /check-ins is a local date; every other `date`
    // is milliseconds.
    if (name === 'date' && op && LOCAL_DATE_PARAM_PATHS.includes(op.path)) return '2026-03-09';
    const values: Record<string, string> = {
      id: user.id,
      userId: user.id,
      taskId,
      page: '1',
      size: '7',
      status: '',
      date: String(WEEK_START),
      startDate: String(WEEK_START),
      endDate: String(WEEK_END),
      mood: 'Happy',
      fields: 'mood',
      credential: 'some-code',
      state: 'some-state',
      sessionId: '00000000-0000-4000-8000-000000000000',
      timeZone: 'Europe/Berlin',
    };
    return values[name] ?? 'x';
  }

  /**
   * The URL of an operation with valid parameters, each `raw` value put in as it is (already
   * encoded, or deliberately not). startDate and endDate travel together.
   */
  function urlOf(op: Operation, raw: Record<string, string | string[]> = {}): string {
    let path = op.path;
    for (const name of op.pathParams) {
      const value = raw[name] ?? encodeURIComponent(validParam(name, op));
      path = path.replace(`{${name}}`, String(value));
    }
    const names = new Set(op.queryParams.filter((p) => p.required).map((p) => p.name));
    for (const name of Object.keys(raw)) if (!op.pathParams.includes(name)) names.add(name);
    if (names.has('startDate') || names.has('endDate')) {
      names.add('startDate');
      names.add('endDate');
    }
    const parts: string[] = [];
    for (const name of names) {
      const value = raw[name] ?? encodeURIComponent(validParam(name, op));
      for (const v of Array.isArray(value) ? value : [value]) parts.push(`${name}=${v}`);
    }
    return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
  }

  /** A body each operation accepts, so that one bad field is the only thing wrong with it. */
  async function validBody(op: Operation): Promise<Record<string, unknown>> {
    const key = `${op.method} ${op.path}`;
    switch (key) {
      case 'POST /api/v1/auth/register':
        return {
          name: 'Fuzz',
          email: `fuzz-${Math.random().toString(36).slice(2)}@example.test`,
          password: 'a long enough password',
          confirmPassword: 'a long enough password',
          terms: true,
        };
      case 'POST /api/v1/auth/login':
        return { email: user.email, password: 'not the password' };
      case 'POST /api/v1/auth/password':
        return {
          currentPassword: 'not the password',
          newPassword: 'another password',
          confirmPassword: 'another password',
        };
      case 'PATCH /api/v1/user':
        return { name: 'Still Me' };
      case 'POST /api/v1/goal':
      case 'PATCH /api/v1/goal':
        return { target: 100_000 };
      case 'POST /api/v1/task': {
        const template = await pickTemplate(ctx, 'Neutral', 1);
        return { templateId: template.id, title: template.title, mood: template.mood };
      }
      case 'POST /api/v1/diary':
        return { id: user.id, content: 'A fuzzed day.' };
      case 'PATCH /api/v1/background/user':
        return { backgroundId: '00000000-0000-4000-8000-000000000000' };
      case 'POST /api/v1/account/import':
        return (await call(ctx.app, 'GET', '/api/v1/account/export', { token: user.token })).json();
      case 'DELETE /api/v1/account':
        // Never the user's own email: the fuzzing must not delete the account it runs on.
        return { email: 'someone-else@example.test' };
      default:
        return {};
    }
  }

  function send(
    op: Operation,
    url: string,
    payload?: string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return ctx.app.inject({
      method: op.method,
      url,
      headers: {
        authorization: `Bearer ${user.token}`,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
    });
  }

  /** Whatever the input, the answer is a client error or a success, never a server fault. */
  function expectNoServerError(res: LightMyRequestResponse, label: string) {
    expect(res.statusCode, `${label} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
    if (res.statusCode >= 400 && res.body !== '') {
      expect(res.json(), label).toMatchObject({
        status: 'fail',
        statusCode: res.statusCode,
        code: expect.any(String),
        requestId: expect.any(String),
      });
    }
  }

  beforeAll(async () => {
    user = await buildUser(ctx, { name: 'Fuzz Target' });
    const goal = await buildGoal(ctx, user);
    taskId = (await buildTask(ctx, user, goal.id)).id;

    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    operations = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const [method, op] of Object.entries(methods)) {
        const params = op.parameters ?? [];
        const schema = op.requestBody?.content?.['application/json']?.schema;
        operations.push({
          method: method.toUpperCase() as HttpMethod,
          path,
          pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: params
            .filter((p) => p.in === 'query')
            .map((p) => ({ name: p.name, required: p.required === true })),
          bodyFields: op.requestBody ? Object.keys(schema?.properties ?? {}) : null,
        });
      }
    }
  });

  const withBody = () => operations.filter((op) => op.bodyFields !== null);

  it('covers every /api/v1 route of the route table (none is hidden from the contract)', () => {
    const documented = operations
      .map((op) => `${op.method} ${op.path.slice('/api/v1'.length).replace(/\{(\w+)\}/g, ':$1')}`)
      .sort();
    expect(documented).toEqual(routeKeys(ctx.app.routeTable, '/api/v1'));
    expect(withBody().map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/register',
        'PATCH /api/v1/user',
        'POST /api/v1/diary',
        'POST /api/v1/goal/claim',
      ]),
    );
  });

  it('answers 400 BAD_REQUEST to malformed JSON on every route with a body', async () => {
    for (const op of withBody()) {
      for (const payload of ['{"a":', '{"name": "x",}', "{'a': 1}", '{"a": 1}}', 'undefined']) {
        const res = await send(op, urlOf(op), payload);
        const label = `${op.method} ${op.path} ${payload}`;
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toMatchObject({ status: 'fail', code: 'BAD_REQUEST' });
      }
    }
  });

  it('refuses a body that is not JSON with 415, or 400 for plain text', async () => {
    for (const op of withBody()) {
      const label = `${op.method} ${op.path}`;
      const text = await send(op, urlOf(op), 'name=x', { 'content-type': 'text/plain' });
      expect([400, 415], label).toContain(text.statusCode);
      expect(text.json().status, label).toBe('fail');
      for (const type of ['application/x-www-form-urlencoded', 'application/xml']) {
        const res = await send(op, urlOf(op), 'name=x', { 'content-type': type });
        expect(res.statusCode, `${label} ${type}`).toBe(415);
        expect(res.json(), `${label} ${type}`).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    }
  });

  it('answers 413 PAYLOAD_TOO_LARGE to a body over 64 KB on every route with a body', async () => {
    for (const op of withBody()) {
      const limit = LARGER_BODY_LIMITS[`${op.method} ${op.path}`] ?? BODY_LIMIT_BYTES;
      const big = JSON.stringify({ content: 'x'.repeat(limit) });
      const res = await send(op, urlOf(op), big);
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(413);
      expect(res.json()).toMatchObject({ status: 'fail', code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('takes a body of exactly 64 KB and refuses one byte more', async () => {
    const op = withBody().find((o) => o.method === 'PATCH' && o.path === '/api/v1/user')!;
    const json = JSON.stringify({ name: 'Exactly At The Limit' });
    const atLimit = json.padEnd(BODY_LIMIT_BYTES, ' ');
    expect(Buffer.byteLength(atLimit)).toBe(64 * 1024);
    const ok = await send(op, urlOf(op), atLimit);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.name).toBe('Exactly At The Limit');
    const over = await send(op, urlOf(op), `${atLimit} `);
    expect(over.statusCode).toBe(413);
  });

  it('refuses prototype-pollution keys with a 4xx and changes nothing', async () => {
    const before = await dumpUserRows(ctx, user.id);
    const [{ value: usersBefore }] = (await ctx.db.select({ value: count() }).from(users)) as [
      { value: number },
    ];
    const payloads = [
      '{"__proto__": {"x": 1}}',
      '{"constructor": {"prototype": {"x": 1}}}',
      '{"constructor": {"x": 1}}',
      '{"__proto__": {"hasOnboarded": true}, "name": "Polluted"}',
      '{"name": "Polluted", "constructor": {"prototype": {"isAdmin": true}}}',
      '{"prototype": {"x": 1}}',
    ];
    for (const op of withBody()) {
      const base = await validBody(op);
      for (const payload of payloads) {
        // Alone, and mixed into a body that is otherwise valid.
        const mixed = `${JSON.stringify(base).slice(0, -1)}${Object.keys(base).length ? ',' : ''}${payload.slice(1)}`;
        for (const body of [payload, mixed]) {
          const res = await send(op, urlOf(op), body);
          const label = `${op.method} ${op.path} ${body}`;
          expect(res.statusCode, `${label} -> ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, label).toBeLessThan(500);
        }
      }
    }
    expect(await dumpUserRows(ctx, user.id)).toEqual(before);
    const [{ value: usersAfter }] = (await ctx.db.select({ value: count() }).from(users)) as [
      { value: number },
    ];
    expect(usersAfter).toBe(usersBefore);
    const probe = {} as Record<string, unknown>;
    expect(probe.x).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.hasOnboarded).toBeUndefined();
  });

  it('answers 400 to a page, size or date that is not a whole, non-negative number', async () => {
    const numeric = operations.flatMap((op) =>
      op.queryParams
        .filter(
          (p) =>
            NUMERIC_QUERY_PARAMS.includes(p.name) &&
            !(p.name === 'date' && LOCAL_DATE_PARAM_PATHS.includes(op.path)),
        )
        .map((p) => ({ op, name: p.name })),
    );
    expect(numeric.map(({ op, name }) => `${op.path} ${name}`)).toEqual(
      expect.arrayContaining([
        '/api/v1/task page',
        '/api/v1/task size',
        '/api/v1/task date',
        '/api/v1/history startDate',
        '/api/v1/history endDate',
      ]),
    );
    for (const { op, name } of numeric) {
      const control = await send(op, urlOf(op, { [name]: validParam(name, op) }));
      expect(control.statusCode, `${op.path} ${name} control: ${control.body}`).toBe(200);
      for (const value of ['1e309', '-1', '1.5', '12abc', 'Infinity', 'NaN', '1,5', '9e99']) {
        const res = await send(op, urlOf(op, { [name]: value }));
        const label = `${op.method} ${op.path}?${name}=${value}`;
        expect(res.statusCode, `${label} -> ${res.body}`).toBe(400);
        expect(res.json(), label).toMatchObject({ status: 'fail', code: 'VALIDATION_ERROR' });
      }
    }
  });

  describe('never a 500 for anything a client can send', () => {
    const oddQueryValues = [
      '',
      '%20',
      '%00',
      'a%00b',
      '%E0%A4%A',
      '%F0%9F%92%A9',
      'null',
      'undefined',
      '1e309',
      '-1',
      '1.5',
      '12abc',
      '9007199254740993',
      '8640000000000000',
      '[]',
      '__proto__',
      '00000000-0000-0000-0000-000000000000',
      encodeURIComponent("'; DROP TABLE users; --"),
      'x'.repeat(3000),
    ];

    const oddValues: unknown[] = [
      null,
      true,
      0,
      -1,
      1.5,
      1e308,
      -1e308,
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\uffff',
      '😀'.repeat(30),
      'ü'.repeat(21_000),
      '12abc',
      '1e309',
      '__proto__',
      '<script>alert(1)</script>',
      "'; DROP TABLE users; --",
      '00000000-0000-0000-0000-000000000000',
      {},
      [],
      [1, 2],
      { a: { b: { c: 1 } } },
    ];

    it('in any query or path parameter', async () => {
      for (const op of operations) {
        const names = [...op.pathParams, ...op.queryParams.map((p) => p.name)];
        for (const name of names) {
          for (const value of oddQueryValues) {
            const url = urlOf(op, { [name]: value });
            expectNoServerError(await send(op, url, op.bodyFields ? '{}' : undefined), url);
          }
          if (!op.pathParams.includes(name)) {
            const twice = urlOf(op, { [name]: [validParam(name, op), validParam(name, op)] });
            expectNoServerError(await send(op, twice, op.bodyFields ? '{}' : undefined), twice);
          }
        }
        const unknown = urlOf(op, { unknownParam: '1' });
        expectNoServerError(await send(op, unknown, op.bodyFields ? '{}' : undefined), unknown);
      }
      // As below: a request for each odd value of each parameter of every route.
    }, 120_000);

    // A request for each odd value of each field of every route with a body: more with each new
    // route (the report's nine added 18 s on a busy machine), so more time than the default 30 s.
    it('in any body field, or as the whole body', async () => {
      for (const op of withBody()) {
        const wholeBodies = [
          'null',
          '[]',
          '1',
          '"x"',
          'true',
          '{}',
          '[{}]',
          `${'['.repeat(2000)}${']'.repeat(2000)}`,
        ];
        for (const payload of wholeBodies) {
          expectNoServerError(await send(op, urlOf(op), payload), `${op.path} ${payload}`);
        }
        for (const field of op.bodyFields!) {
          for (const value of oddValues) {
            const body = { ...(await validBody(op)), [field]: value };
            const label = `${op.method} ${op.path} ${field}=${JSON.stringify(value).slice(0, 40)}`;
            expectNoServerError(await send(op, urlOf(op), JSON.stringify(body)), label);
          }
        }
      }
    }, 120_000);

    it('in a path the router cannot decode or a parameter past its length', async () => {
      for (const url of [
        '/api/v1/background/user/%E0%A4%A',
        `/api/v1/background/user/${'x'.repeat(500)}`,
        '/api/v1/%',
        '/v1/background/user/%',
        '/api/v1/user?id=%',
      ]) {
        const res = await call(ctx.app, 'GET', url, { token: user.token });
        expectNoServerError(res, url);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.json().requestId, url).toEqual(expect.any(String));
      }
    });
  });
});
