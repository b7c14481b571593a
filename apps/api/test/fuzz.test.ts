import { eq, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  emailTokens,
  goals,
  passwordCredentials,
  sessions,
  taskTemplates,
  userBackgrounds,
  users,
} from '../src/db/schema';
import { generateToken, hashToken } from '../src/lib/tokens';
import { hashPassword } from '../src/modules/auth/password';
import { createSession } from '../src/modules/auth/session.service';
import { call, createTestApp, type TestContext } from './app';
import {
  backgroundsOfTier,
  buildDiary,
  buildGoal,
  buildTask,
  buildUser,
  buildWonGoal,
  type TestUser,
} from './factories';
import { listRoutes, routeKeys } from './route-table';

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

const API = '/api/v1';
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31);
const PASSWORD = 'the fuzzed account password';
const VICTIM_SECRET = 'the victim wrote this privately';
const WEEK_START = Date.parse('2026-03-08T00:00:00Z');

// ---------------------------------------------------------------------------------------------
// The contract: JSON schemas of the OpenAPI document.

/** The parts of JSON Schema (OpenAPI 3.0 flavour) the contract uses; anything else fails loudly. */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  schema: JsonSchema;
}

interface Operation {
  /** 'POST /task/completed', as routeKeys writes it. */
  key: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** The path under /api/v1, with ':name' for path parameters. */
  path: string;
  params: Parameter[];
  body: JsonSchema | null;
  /** True when the route asks for a bearer token. */
  secured: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        security?: unknown[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

function readOperations(doc: OpenApiDoc): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [openApiPath, methods] of Object.entries(doc.paths)) {
    if (!openApiPath.startsWith(`${API}/`)) continue;
    const path = openApiPath.slice(API.length).replace(/\{(\w+)\}/g, ':$1');
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      out.set(key, {
        key,
        method: method.toUpperCase() as Operation['method'],
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path'),
        body: op.requestBody ? (op.requestBody.content?.['application/json']?.schema ?? {}) : null,
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON values, including what JSON.stringify cannot write.

/** JSON text put into a body as it is: numbers JSON.stringify cannot write, deep nesting, bad syntax. */
class RawJson {
  constructor(readonly text: string) {}
}

/** An object whose keys may be `__proto__` and friends, as own properties that JSON will carry. */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value).map(
      (k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`,
    );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const HUGE = 'x'.repeat(100_000);

const NASTY_STRINGS = [
  '',
  ' ',
  '   padded   ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  '\uDE00z',
  '\uFEFFbom',
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا',
  'e\u0301\u0302\u0303\u0304\u0305',
  'Z̷̡̛͚͓̈́a̸͇͐l̴̰͌g̶̗̈o̵̬͝',
  '𝕏𝔸𝕄',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\u2028\u2029',
  '\uFFFF\uFFFE',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e309',
  '9007199254740993',
  '2147483648',
  '-1',
  '0x10',
  '[]',
  '{}',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '%00',
  '%s%s%s%n',
  '00000000-0000-0000-0000-000000000000',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(HUGE, '😀'.repeat(30_000), 'é'.repeat(32_000), '\u0000'.repeat(999)),
  },
);

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31),
    2 ** 32,
    2 ** 53 - 1,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    5e-324,
    0.5,
    1.5,
    49_999,
    50_001,
    500_001,
  ),
  fc
    .constantFrom('-0', '9007199254740993', '1e309', '-1e309', '1E400', '1e-400', '-0.0', '1.0')
    .map((text) => new RawJson(text)),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '-0', '1e309', '0x10'),
  fc.double(),
  fc.integer(),
);

/** Nesting past any sane depth: arrays, objects, and a chain of `__proto__` keys. */
const deepJson: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 1000, max: 4000 }), fc.nat(2))
  .map(([n, kind]) => {
    if (kind === 0) return new RawJson(`${'['.repeat(n)}${']'.repeat(n)}`);
    if (kind === 1) return new RawJson(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`);
    return new RawJson(`${'{"__proto__":'.repeat(n)}{}${'}'.repeat(n)}`);
  });

const protoObject: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.constantFrom(...PROTO_KEYS),
    fc.constantFrom<unknown>(
      { polluted: true },
      objectOf([['prototype', { polluted: true }]]),
      objectOf([['__proto__', { isAdmin: true }]]),
      1,
      null,
      'x',
    ),
  )
  .map(([key, value]) => objectOf([[key, value]]));

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, [null], [[[]]], [1, 'a', null]) },
  { weight: 2, arbitrary: protoObject },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys a client has no business sending: prototype keys, fields the server derives, junk. */
const unknownKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'email',
      'earned',
      'points',
      'status',
      'userId',
      'id',
      'diaryStreak',
      'isAdmin',
      'role',
      'tier',
      'hasClaimedReward',
      'backgroundRewardId',
      'createdAt',
      'passwordHash',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', 'a\u0000', '\uD800', '𝕏', 'a.b', 'a[b]') },
);

const extraEntries: fc.Arbitrary<[string, unknown][]> = fc.array(
  fc.tuple(unknownKey, fc.oneof(fc.jsonValue({ maxDepth: 1 }), hostileJson)),
  { minLength: 1, maxLength: 3 },
);

/** Whole bodies that are not what any route takes. */
const rawBodies: fc.Arbitrary<RawJson> = fc.oneof(
  fc
    .constantFrom(
      '',
      ' ',
      'null',
      'true',
      '0',
      '-0',
      '1e309',
      '"x"',
      '[]',
      '[{}]',
      '{',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      '{"a":1}}',
      '{"a":1}{"b":2}',
      'NaN',
      'undefined',
      '\uFEFF{}',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      `"${HUGE}"`,
      `{"content":"${'x'.repeat(60_000)}"}`,
      `[${'1,'.repeat(20_000)}1]`,
    )
    .map((text) => new RawJson(text)),
  deepJson,
);

// ---------------------------------------------------------------------------------------------
// Values from the contract.

type Hints = Record<string, fc.Arbitrary<unknown>>;

interface GenOptions {
  hostile: boolean;
  hints: Hints;
}

/** Strings at and around the length limits: the boundaries a validator gets wrong. */
function boundaryStrings(min: number, max: number | undefined): fc.Arbitrary<string> {
  const lengths = [min, Math.max(0, min - 1), ...(max === undefined ? [] : [max, max + 1])];
  return fc
    .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'ü', ' ', '\u0301'))
    .map(([n, ch]) => (ch === ' ' && n > 0 ? `x${ch.repeat(n - 1)}` : ch.repeat(n)));
}

function stringFrom(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') {
    return fc.oneof(
      { weight: 4, arbitrary: fc.uuid() },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '00000000-0000-0000-0000-000000000000',
          'ffffffff-ffff-ffff-ffff-ffffffffffff',
        ),
      },
    );
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const min = schema.minLength ?? 0;
  const short = Math.max(min, Math.min(schema.maxLength ?? 30, 30));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: short }) },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: short, unit: 'grapheme' }) },
    { weight: 1, arbitrary: boundaryStrings(min, schema.maxLength) },
  );
}

function numberFrom(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -Number.MAX_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const near = fc.integer({ min: Math.max(min, -1_000_000), max: Math.min(max, 1_000_000) });
  const edges = fc.constantFrom(min, max, 0);
  return schema.type === 'integer'
    ? fc.oneof(near, edges)
    : fc.oneof(near, edges, fc.double({ min, max, noNaN: true }));
}

function objectFrom(schema: JsonSchema, opts: GenOptions): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const keys = Object.keys(props);
  const model = Object.fromEntries(keys.map((k) => [k, fromSchema(props[k]!, k, opts)]));
  const required = (schema.required ?? []).filter((k) => keys.includes(k));
  const record = fc.record(model, { requiredKeys: required });
  if (!opts.hostile) return record;
  // Missing required fields, unknown fields and prototype keys, at this level.
  return fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: record },
        { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
      ),
      fc.option(extraEntries, { freq: 3 }),
    )
    .map(([obj, extra]) =>
      extra ? objectOf([...Object.entries(obj as object), ...extra]) : (obj as object),
    );
}

/** A value of the schema, without hints or hostility at this level. */
function baseFromSchema(schema: JsonSchema, opts: GenOptions): fc.Arbitrary<unknown> {
  let arb: fc.Arbitrary<unknown>;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) arb = fc.oneof(...variants.map((s) => baseFromSchema(s, opts)));
  else if (schema.allOf) arb = baseFromSchema(Object.assign({}, ...schema.allOf), opts);
  else if ('const' in schema) arb = fc.constant(schema.const);
  else if (schema.enum) arb = fc.constantFrom(...schema.enum);
  else {
    switch (schema.type) {
      case 'string':
        arb = stringFrom(schema);
        break;
      case 'number':
      case 'integer':
        arb = numberFrom(schema);
        break;
      case 'boolean':
        arb = fc.boolean();
        break;
      case 'null':
        arb = fc.constant(null);
        break;
      case 'array': {
        const minLength = Math.min(schema.minItems ?? 0, 3);
        arb = fc.array(fromSchema(schema.items ?? {}, undefined, opts), {
          minLength,
          maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
        });
        break;
      }
      case 'object':
        arb = objectFrom(schema, opts);
        break;
      case undefined:
        arb = schema.properties ? objectFrom(schema, opts) : fc.jsonValue({ maxDepth: 2 });
        break;
      default:
        throw new Error(`No generator for JSON schema type ${JSON.stringify(schema.type)}`);
    }
  }
  return schema.nullable ? fc.option(arb, { nil: null, freq: 5 }) : arb;
}

/** A value for a field: mostly from its hint (real ids and such) when there is one, else its schema. */
function fromSchema(
  schema: JsonSchema,
  name: string | undefined,
  opts: GenOptions,
): fc.Arbitrary<unknown> {
  const base = baseFromSchema(schema, opts);
  const hint = name === undefined ? undefined : opts.hints[name];
  const hinted = hint
    ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: base })
    : base;
  return opts.hostile
    ? fc.oneof({ weight: 4, arbitrary: hinted }, { weight: 1, arbitrary: hostileJson })
    : hinted;
}

/** A valid body with one thing changed: a node replaced, a key removed, a key added. */
function mutated(example: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (paths.length > 400) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    }
  };
  walk(example, []);
  const apply = (
    value: unknown,
    path: (string | number)[],
    change: (node: unknown) => unknown,
  ): unknown => {
    if (path.length === 0) return change(value);
    const [head, ...rest] = path;
    if (Array.isArray(value)) {
      return value.map((v, i) => (i === head ? apply(v, rest, change) : v));
    }
    const obj = value as Record<string, unknown>;
    return objectOf(
      Object.keys(obj).map((k) => [k, k === head ? apply(obj[k], rest, change) : obj[k]]),
    );
  };
  return fc
    .tuple(fc.constantFrom(...paths), fc.nat(2), hostileJson, extraEntries)
    .map(([path, kind, hostile, extra]) =>
      apply(example, path, (node) => {
        if (kind === 0 || node === null || typeof node !== 'object' || Array.isArray(node)) {
          return hostile;
        }
        const entries = Object.entries(node);
        return kind === 1 ? objectOf(entries.slice(1)) : objectOf([...entries, ...extra]);
      }),
    );
}

// ---------------------------------------------------------------------------------------------
// Requests.

/** A query or path value: text to percent-encode, or raw text put into the URL as it is. */
type UrlValue = string | { raw: string };

const hostileUrlValue: fc.Arbitrary<UrlValue> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.constantFrom('+1', '1e3', ' 7 ', '1.0', '00', '9007199254740993', '1e308'),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        '%',
        '%E0%A4%A',
        '%ZZ',
        '%00',
        'a%00b',
        '%C0%AF',
        '%ED%A0%80',
        '%F0%9F%92%A9',
        'a&b',
        'x#y',
        '+',
        '%2B',
        '[]',
        'a[b]=c',
        '%2F..%2F',
      )
      .map((raw) => ({ raw })),
  },
);

function encodeUrlValue(value: UrlValue): string {
  if (typeof value !== 'string') return value.raw;
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a careless client would.
    return Array.from(value)
      .map((ch) => {
        const code = ch.codePointAt(0)!;
        return code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(ch);
      })
      .join('');
  }
}

function asUrlValue(value: unknown): UrlValue {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

type AuthKind = 'self' | 'none' | 'madeUp';

interface FuzzRequest {
  method: Operation['method'];
  /** Path and query, already encoded. */
  url: string;
  /** JSON text, or undefined for no body. */
  body: string | undefined;
  contentType: string;
  auth: AuthKind;
}

function urlValueArb(param: Parameter, opts: GenOptions): fc.Arbitrary<UrlValue> {
  const base = fromSchema(param.schema, param.name, { ...opts, hostile: false }).map(asUrlValue);
  return opts.hostile
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: hostileUrlValue })
    : base;
}

function queryArb(op: Operation, opts: GenOptions): fc.Arbitrary<[string, UrlValue][]> {
  const query = op.params.filter((p) => p.in === 'query');
  const each = query.map((p) =>
    fc
      .tuple(
        urlValueArb(p, opts),
        // Required parameters are left out only in hostile requests; optional ones often.
        p.required && !opts.hostile ? fc.constant(true) : fc.boolean(),
        // A key sent twice: the parser makes an array of it.
        opts.hostile ? fc.option(urlValueArb(p, opts), { freq: 6 }) : fc.constant(null),
      )
      .map(([value, present, twice]): [string, UrlValue][] => {
        if (!present) return [];
        return twice === null
          ? [[p.name, value]]
          : [
              [p.name, value],
              [p.name, twice],
            ];
      }),
  );
  const extra = opts.hostile
    ? fc.option(fc.array(fc.tuple(unknownKey, hostileUrlValue), { minLength: 1, maxLength: 2 }), {
        freq: 4,
      })
    : fc.constant(null);
  // In any order: a validator must not care.
  return fc.tuple(fc.tuple(...each), extra).chain(([parts, more]) => {
    const pairs = [...parts.flat(), ...(more ?? [])];
    return opts.hostile
      ? fc.shuffledSubarray(pairs, { minLength: pairs.length })
      : fc.constant(pairs);
  });
}

function requestArb(
  op: Operation,
  hints: Hints,
  examples: fc.Arbitrary<unknown> | undefined,
): fc.Arbitrary<FuzzRequest> {
  const shape = (hostile: boolean) => {
    const opts = { hostile, hints };
    const pathParams = op.params.filter((p) => p.in === 'path');
    let body: fc.Arbitrary<unknown>;
    if (op.body === null) {
      // A body where none is taken, now and then.
      body = hostile
        ? fc.option(fc.oneof(hostileJson, rawBodies), { freq: 8, nil: undefined })
        : fc.constant(undefined);
    } else {
      const fromContract = fromSchema(op.body, undefined, opts);
      const valid = examples
        ? fc.oneof({ weight: 1, arbitrary: fromContract }, { weight: 2, arbitrary: examples })
        : fromContract;
      body = hostile
        ? fc.oneof(
            { weight: 4, arbitrary: fromContract },
            { weight: 4, arbitrary: examples ? examples.chain(mutated) : fromContract },
            { weight: 2, arbitrary: rawBodies },
            { weight: 1, arbitrary: fc.constant(undefined) },
          )
        : fc.oneof(
            { weight: 12, arbitrary: valid },
            { weight: 1, arbitrary: fc.constant(undefined) },
          );
    }
    return fc.record({
      path: fc.tuple(...pathParams.map((p) => urlValueArb(p, opts))),
      query: queryArb(op, opts),
      body,
      contentType: hostile
        ? fc.oneof(
            { weight: 12, arbitrary: fc.constant('application/json') },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                'application/json; charset=utf-8',
                'application/json; charset=utf-16',
                'APPLICATION/JSON',
                'text/plain',
                'application/x-www-form-urlencoded',
                'application/octet-stream',
                'multipart/form-data; boundary=x',
              ),
            },
          )
        : fc.constant('application/json'),
      auth: hostile
        ? fc.oneof(
            { weight: 18, arbitrary: fc.constant<AuthKind>('self') },
            { weight: 1, arbitrary: fc.constantFrom<AuthKind>('none', 'madeUp') },
          )
        : fc.constant<AuthKind>('self'),
    });
  };
  return fc
    .oneof({ weight: 2, arbitrary: shape(false) }, { weight: 3, arbitrary: shape(true) })
    .map(({ path, query, body, contentType, auth }) => {
      let i = 0;
      const pathParams = op.params.filter((p) => p.in === 'path');
      const filled = op.path.replace(/:(\w+)/g, () => encodeUrlValue(path[i++]!));
      if (i !== pathParams.length) throw new Error(`${op.key}: the path and its parameters differ`);
      const qs = query.map(([k, v]) => `${encodeUrlValue(k)}=${encodeUrlValue(v)}`).join('&');
      return {
        method: op.method,
        url: `${API}${filled}${qs ? `?${qs}` : ''}`,
        body: body === undefined ? undefined : toJsonText(body),
        contentType,
        auth,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The database fingerprint: every row of every table.

/** The catalogue: no request at all may change it, refused or not. */
const CATALOGUE_TABLES = ['backgrounds', 'task_templates'];

let tableNames: string[] = [];

async function rowsOf<T>(ctx: TestContext, query: SQL): Promise<T[]> {
  // Both drivers answer raw SQL with `rows`; Drizzle types the answer per driver.
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Per table, the row count and the newest row version (`xmin`, the id of the transaction that
 * wrote it): any committed insert, update or delete changes one of them, even an update that
 * writes the same values, while a transaction rolled back changes neither. The tables come from
 * the database itself, so a new table is covered without this file being told.
 */
async function fingerprint(ctx: TestContext, only?: string[]): Promise<Record<string, string>> {
  if (tableNames.length === 0) {
    const tables = await rowsOf<{ table_name: string }>(
      ctx,
      sql`SELECT table_name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    tableNames = tables.map((r) => r.table_name);
    expect(tableNames).toEqual(
      expect.arrayContaining(['users', 'tasks', 'goals', 'sessions', ...CATALOGUE_TABLES]),
    );
  }
  const columns = (only ?? tableNames).map(
    (t) => `(SELECT count(*) || ':' || coalesce(max(xmin::text::bigint), 0) FROM "${t}") AS "${t}"`,
  );
  const [row] = await rowsOf<Record<string, string>>(
    ctx,
    // A fingerprint of every table also holds the next transaction id (see nextXid).
    sql.raw(
      `SELECT ${[...columns, ...(only ? [] : [`${NEXT_XID} AS "${NEXT_XID_KEY}"`])].join(', ')}`,
    ),
  );
  return row!;
}

/**
 * The next transaction id PostgreSQL will hand out. Every row change needs a transaction id, so
 * while this stays the same no row of any table can have changed, and the scan of every table
 * (which grows with the rows a long run creates) can be skipped. It moves for a transaction that
 * changed nothing too (a row lock takes an id): then the tables are compared.
 */
const NEXT_XID = 'pg_snapshot_xmax(pg_current_snapshot())::text';
const NEXT_XID_KEY = '(next transaction id)';

async function nextXid(ctx: TestContext): Promise<string> {
  const [row] = await rowsOf<{ xid: string }>(ctx, sql.raw(`SELECT ${NEXT_XID} AS xid`));
  return row!.xid;
}

// ---------------------------------------------------------------------------------------------
// The world each route is fuzzed in.

interface Fixture {
  subject: TestUser;
  victim: TestUser;
  /** Ids of the victim's rows: any request naming one must be refused. */
  victimIds: string[];
  hints: Hints;
  examples: Partial<Record<string, fc.Arbitrary<unknown>>>;
}

/** Per-route adjustments, so that some requests can succeed. */
const SETUP: Record<string, { goal?: 'none' | 'completed'; empty?: true }> = {
  'POST /goal': { goal: 'none' },
  'POST /goal/claim': { goal: 'completed' },
  // An import needs an account with nothing in it yet; the file is another account's export.
  'POST /account/import': { goal: 'none', empty: true },
};

/** Addresses the email validator takes (fast-check's own are RFC-valid, often too exotic). */
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,16}$/), fc.constantFrom('example.test', 'mail.example.org'))
  .map(([local, domain]) => `${local}@${domain}`);

const TIME_ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
  'europe/berlin',
  'Mars/Olympus',
  'Local',
];

function policyOf(ctx: TestContext) {
  return { idleDays: ctx.env.SESSION_IDLE_DAYS, absoluteDays: ctx.env.SESSION_ABSOLUTE_DAYS };
}

async function sessionIdOf(ctx: TestContext, token: string): Promise<string> {
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!.id;
}

/** What every fixture uses of the catalogue, read once. */
async function readCatalogue(ctx: TestContext) {
  const templates = await ctx.db.select().from(taskTemplates).orderBy(taskTemplates.slug);
  const tiers = [
    await backgroundsOfTier(ctx, 1),
    await backgroundsOfTier(ctx, 2),
    await backgroundsOfTier(ctx, 3),
  ];
  return {
    reward: tiers[2]![0]!,
    owned: tiers[1]![0]!,
    backgroundIds: tiers.flat().map((b) => b.id),
    someTemplates: templates.filter((_, i) => i % 7 === 0),
  };
}

let catalogueRows: ReturnType<typeof readCatalogue> | undefined;
let victimWorld:
  | Promise<{
      user: TestUser;
      rows: { taskIds: string[]; sessionIds: string[] };
      session: string;
    }>
  | undefined;

async function buildFixture(
  ctx: TestContext,
  key: string,
  hashes: { subject: string; victim: string },
): Promise<Fixture> {
  const setup = SETUP[key] ?? {};
  const { reward, owned, backgroundIds, someTemplates } = await (catalogueRows ??=
    readCatalogue(ctx));
  const subject = await buildUser(ctx, { name: 'Fuzz Subject' });

  /** A user's rows: a password, a background, yesterday's diary, a goal, tasks, two sessions. */
  async function populate(
    user: TestUser,
    goal: 'in progress' | 'none' | 'completed',
    diary: string | null,
  ) {
    await ctx.db.insert(passwordCredentials).values({
      userId: user.id,
      email: user.email,
      passwordHash: user === subject ? hashes.subject : hashes.victim,
      updatedAt: ctx.clock.now(),
    });
    await ctx.db
      .insert(userBackgrounds)
      .values({ userId: user.id, backgroundId: owned.id, acquiredAt: ctx.clock.now() });
    if (diary !== null) await buildDiary(ctx, user, '2026-03-09', diary);
    const taskIds: string[] = [];
    if (goal === 'in progress') {
      const { id } = await buildGoal(ctx, user, { target: 500_000 });
      for (let i = 0; i < 3; i += 1) {
        taskIds.push((await buildTask(ctx, user, id, { mood: 'Sad', offset: i })).id);
      }
      const done = await buildTask(ctx, user, id, { mood: 'Happy', status: 'Completed' });
      taskIds.push(done.id);
      // The goal's totals agree with its completed task, as the server would have left them.
      await ctx.db
        .update(goals)
        .set({ earned: done.points, taskCompleted: 1 })
        .where(eq(goals.id, id));
    } else if (goal === 'completed') {
      await buildWonGoal(ctx, user, reward);
    }
    const sessionIds: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const token = await createSession(ctx.db, user.id, ctx.clock.now(), policyOf(ctx));
      sessionIds.push(await sessionIdOf(ctx, token));
    }
    return { taskIds, sessionIds };
  }

  const own = await populate(
    subject,
    setup.goal ?? 'in progress',
    setup.empty ? null : 'Yesterday, fuzzed.',
  );
  // One victim for the whole run: nothing any route is sent may change their rows.
  victimWorld ??= (async () => {
    const user = await buildUser(ctx, { name: 'Fuzz Victim' });
    const rows = await populate(user, 'in progress', VICTIM_SECRET);
    return { user, rows, session: await sessionIdOf(ctx, user.token) };
  })();
  const { user: victim, rows: theirs, session } = await victimWorld;
  const victimSessions = [...theirs.sessionIds, session];
  const victimIds = [victim.id, ...theirs.taskIds, ...victimSessions];

  const userId = fc.oneof(
    { weight: 8, arbitrary: fc.constant(subject.id) },
    { weight: 2, arbitrary: fc.constant(victim.id) },
  );
  const hints: Hints = {
    id: userId,
    userId,
    taskId: fc.constantFrom(...own.taskIds, ...theirs.taskIds),
    sessionId: fc.constantFrom(...own.sessionIds, ...victimSessions),
    templateId: fc.constantFrom(...someTemplates.map((t) => t.id)),
    title: fc.constantFrom(...someTemplates.map((t) => t.title)),
    backgroundId: fc.constantFrom(...backgroundIds),
    target: fc.integer({ min: 0, max: 11 }).map((n) => n * 50_000),
    timeZone: fc.constantFrom(...TIME_ZONES),
    // Never the subject's own email: a fuzzed DELETE /account must not end the run.
    email: fc.oneof(
      plainEmail,
      fc.emailAddress(),
      fc.constantFrom(victim.email, victim.email.toUpperCase(), ` ${victim.email} `),
    ),
    page: fc.integer({ min: -1, max: 5 }).map(String),
    size: fc.integer({ min: -1, max: 60 }).map(String),
    date: fc
      .integer({ min: WEEK_START - 86_400_000, max: WEEK_START + 9 * 86_400_000 })
      .map(String),
    startDate: fc.integer({ min: WEEK_START - 400 * 86_400_000, max: WEEK_START }).map(String),
    endDate: fc.integer({ min: WEEK_START, max: WEEK_START + 400 * 86_400_000 }).map(String),
    fields: fc.constant('mood'),
  };

  const password = fc.oneof(fc.constant(PASSWORD), fc.string({ minLength: 8, maxLength: 20 }));
  // Live emailed links of the subject's, so some follow-the-link requests succeed (once each).
  const linkTokens = async (purpose: 'verify' | 'reset') => {
    const tokens = [generateToken(), generateToken(), generateToken()];
    const now = ctx.clock.now();
    await ctx.db.insert(emailTokens).values(
      tokens.map((token) => ({
        tokenHash: hashToken(token),
        userId: subject.id,
        purpose,
        email: subject.email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 3_600_000),
      })),
    );
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...tokens) },
      { weight: 1, arbitrary: fc.constant(generateToken()) },
    );
  };
  if (key === 'POST /auth/verify-email') hints.token = await linkTokens('verify');
  if (key === 'POST /auth/reset-password') hints.token = await linkTokens('reset');
  let exportFile: unknown = null;
  if (setup.empty) {
    const donor = await buildUser(ctx, { name: 'Fuzz Donor' });
    await populate(donor, 'in progress', 'A day worth keeping.');
    exportFile = (
      await call(ctx.app, 'GET', `${API}/account/export`, { token: donor.token })
    ).json();
  }
  const examples: Fixture['examples'] = {
    'POST /task': fc
      .tuple(fc.constantFrom(...someTemplates), fc.boolean())
      .map(([t, byId]) =>
        byId
          ? { templateId: t.id, title: t.title, mood: t.mood }
          : { title: t.title, mood: t.mood },
      ),
    'POST /auth/register': fc
      .record({
        name: fc.string({ minLength: 1, maxLength: 60 }),
        email: fc.oneof(
          { weight: 3, arbitrary: plainEmail },
          { weight: 1, arbitrary: fc.emailAddress() },
        ),
        password: fc.string({ minLength: 8, maxLength: 30 }),
        terms: fc.constant(true),
        timeZone: fc.constantFrom(...TIME_ZONES),
      })
      .map((b) => ({ ...b, confirmPassword: b.password })),
    'POST /auth/login': fc.record({
      email: fc.constantFrom(subject.email, victim.email.toUpperCase(), 'nobody@example.test'),
      password,
    }),
    'POST /auth/password': fc
      .record({ currentPassword: password, keepOtherSessions: fc.boolean() })
      .map((b) => ({ ...b, newPassword: PASSWORD, confirmPassword: PASSWORD })),
    'POST /auth/verify-email': hints.token ? fc.record({ token: hints.token }) : undefined,
    'POST /auth/reset-password': hints.token
      ? fc
          .record({ token: hints.token, password: fc.string({ minLength: 8, maxLength: 30 }) })
          .map((b) => ({ ...b, confirmPassword: b.password }))
      : undefined,
    'POST /auth/forgot-password': fc.record({
      email: fc.constantFrom(subject.email, victim.email, 'nobody@example.test'),
    }),
    'POST /diary': fc
      .string({ minLength: 1, maxLength: 200, unit: 'grapheme' })
      .map((content) => ({ id: subject.id, content })),
    'PATCH /user': fc.record(
      {
        name: fc.string({ minLength: 1, maxLength: 60 }),
        mood: fc.constantFrom('Happy', 'Sad', 'Unknown', 'Ecstatic'),
        hasSetMoodToday: fc.boolean(),
        hasOnboarded: fc.constant(true),
        unannouncedExpiredTaskCount: fc.constant(0),
        timeZone: fc.constantFrom(...TIME_ZONES),
      },
      { requiredKeys: [] },
    ),
    'POST /account/import': fc.constant(exportFile),
  };
  return { subject, victim, victimIds, hints, examples };
}

// ---------------------------------------------------------------------------------------------
// The properties.

interface RouteStats {
  requests: number;
  ok: number;
  redirects: number;
  refused: number;
  failures: { reason: string; request: string }[];
  ms: number;
}

const summary = new Map<string, RouteStats>();

const STACK_OR_SQL =
  /\n\s+at |node_modules|\.ts:\d+|DrizzleQueryError|Failed query|syntax error at/;

function describeRequest(req: FuzzRequest): string {
  const body = req.body === undefined ? '' : ` body=${req.body.slice(0, 300)}`;
  return `${req.method} ${req.url.slice(0, 300)} [${req.auth}, ${req.contentType}]${body}`;
}

/** What is wrong with an answer, or null. */
function checkAnswer(
  res: LightMyRequestResponse,
  req: FuzzRequest,
  fixture: Fixture,
): string | null {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}: ${res.body.slice(0, 300)}`;
  const type = String(res.headers['content-type'] ?? '');
  const sent = `${req.url} ${req.body ?? ''}`;
  if (status >= 400) {
    if (!type.startsWith('application/json')) return `a ${status} that is not JSON: ${type}`;
    const body = res.json() as Record<string, unknown>;
    if (
      body.status !== 'fail' ||
      body.statusCode !== status ||
      typeof body.code !== 'string' ||
      typeof body.message !== 'string' ||
      typeof body.requestId !== 'string'
    ) {
      return `a ${status} outside the error envelope: ${res.body.slice(0, 300)}`;
    }
    if (STACK_OR_SQL.test(res.body)) return `an error that shows the server's insides: ${res.body}`;
  } else if (status >= 300) {
    if (!res.headers.location) return `a ${status} without a Location`;
  } else if (type.startsWith('application/json') && !res.headers['content-disposition']) {
    const body = res.json() as Record<string, unknown>;
    if (body.status !== 'success') return `a ${status} outside the success envelope`;
  } else if (!String(res.headers['content-disposition'] ?? '').startsWith('attachment')) {
    return `a ${status} of type ${type} that is neither the envelope nor a download`;
  }
  if (status < 400 && req.auth === 'self') {
    const named = fixture.victimIds.find((id) => sent.includes(id));
    if (named) return `a request naming the other user's row ${named} answered ${status}`;
  }
  if (res.body.includes(VICTIM_SECRET)) return "the answer holds the other user's diary";
  const email = fixture.victim.email.toLowerCase();
  if (!sent.toLowerCase().includes(email) && res.body.toLowerCase().includes(email)) {
    return "the answer holds the other user's email";
  }
  return null;
}

/** The errors among log lines, by type, message and where they came from. */
function loggedErrors(lines: string[]): string {
  return lines
    .filter((l) => l.includes('"level":50'))
    .map((l) => {
      const { err, msg } = JSON.parse(l) as {
        msg?: string;
        err?: { type?: string; message?: string; stack?: string };
      };
      const where = err?.stack?.split('\n').slice(1, 6).join(' | ') ?? '';
      return `\n    logged: ${msg} ${err?.type}: ${err?.message?.slice(0, 300)} ${where}`;
    })
    .join('');
}

/**
 * Routes that end sessions: each request gets a session of its own, so the run goes on. A reset
 * link (public) ends every session of its account, the subject's first one too.
 */
function needsOwnSession(op: Operation): boolean {
  return (op.secured && op.path.startsWith('/auth/')) || op.path === '/auth/reset-password';
}

async function fuzzRoute(ctx: TestContext, op: Operation, fixture: Fixture, seed: number) {
  const stats: RouteStats = { requests: 0, ok: 0, redirects: 0, refused: 0, failures: [], ms: 0 };
  summary.set(op.key, stats);
  const started = Date.now();
  let known: Record<string, string> | null = null;
  const property = fc.asyncProperty(
    requestArb(op, fixture.hints, fixture.examples[op.key]),
    async (req) => {
      let token: string | undefined;
      if (req.auth === 'self') {
        token = needsOwnSession(op)
          ? await createSession(ctx.db, fixture.subject.id, ctx.clock.now(), policyOf(ctx))
          : fixture.subject.token;
        if (token !== fixture.subject.token) known = null;
      } else if (req.auth === 'madeUp') {
        token = generateToken();
      }
      const before: Record<string, string> = known ?? (await fingerprint(ctx));
      const options: InjectOptions = {
        method: req.method,
        url: req.url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(req.body !== undefined ? { 'content-type': req.contentType } : {}),
        },
        ...(req.body !== undefined ? { payload: req.body } : {}),
      };
      stats.requests += 1;
      let res: LightMyRequestResponse;
      try {
        res = await ctx.app.inject(options);
      } catch (error) {
        stats.failures.push({
          reason: `inject threw ${String(error)}`,
          request: describeRequest(req),
        });
        known = null;
        return;
      }
      // Let the event loop turn, as a server's does between requests: inject's deferred work
      // (and the log line of the answer) runs now, instead of piling up for the whole run.
      await new Promise((resolve) => setImmediate(resolve));
      // The log is read request by request and then let go: a long run keeps no log in memory.
      const errors = loggedErrors(ctx.logs.splice(0));
      const problem =
        checkAnswer(res, req, fixture) ?? (errors ? 'the server logged an error' : null);
      if (problem) {
        stats.failures.push({ reason: `${problem}${errors}`, request: describeRequest(req) });
      }
      if (res.statusCode >= 400) {
        stats.refused += 1;
        const unchanged = (await nextXid(ctx)) === before[NEXT_XID_KEY];
        const after = unchanged ? before : await fingerprint(ctx);
        const changed = Object.keys(after).filter(
          (t) => t !== NEXT_XID_KEY && after[t] !== before[t],
        );
        if (changed.length > 0) {
          stats.failures.push({
            reason: `refused with ${res.statusCode} ${res.body.slice(0, 120)} yet changed ${changed.join(', ')}`,
            request: describeRequest(req),
          });
        }
        known = after;
      } else {
        if (res.statusCode >= 300) stats.redirects += 1;
        else stats.ok += 1;
        known = null;
      }
      if (token && token !== fixture.subject.token) {
        await ctx.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
        known = null;
      }
    },
  );
  await fc.assert(property, { numRuns: RUNS, seed, endOnFailure: true });
  stats.ms = Date.now() - started;
  return stats;
}

// ---------------------------------------------------------------------------------------------

const ctx = await createTestApp();
const ROUTES = routeKeys(listRoutes(ctx.app), API);
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
