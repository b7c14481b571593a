/**
 * The workload: requests generated from each operation's contract, steered to real rows by field
 * name, mixed with hostile values.
 */
import fc from 'fast-check';
import { type JsonSchema, type Operation, type Parameter } from './contract';
import {
  extraEntries,
  hostileJson,
  hostileString,
  objectOf,
  rawBodies,
  RawJson,
  toJsonText,
  unknownKey,
} from './hostile';
import { API } from './settings';

// Values from the contract.

export type Hints = Record<string, fc.Arbitrary<unknown>>;

export interface GenOptions {
  hostile: boolean;
  hints: Hints;
}

/** Strings at and around the length limits: the boundaries a validator gets wrong. */
export function boundaryStrings(min: number, max: number | undefined): fc.Arbitrary<string> {
  const lengths = [min, Math.max(0, min - 1), ...(max === undefined ? [] : [max, max + 1])];
  return fc
    .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'ü', ' ', '\u0301'))
    .map(([n, ch]) => (ch === ' ' && n > 0 ? `x${ch.repeat(n - 1)}` : ch.repeat(n)));
}

export function stringFrom(schema: JsonSchema): fc.Arbitrary<string> {
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

export function numberFrom(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -Number.MAX_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const near = fc.integer({ min: Math.max(min, -1_000_000), max: Math.min(max, 1_000_000) });
  const edges = fc.constantFrom(min, max, 0);
  return schema.type === 'integer'
    ? fc.oneof(near, edges)
    : fc.oneof(near, edges, fc.double({ min, max, noNaN: true }));
}

export function objectFrom(schema: JsonSchema, opts: GenOptions): fc.Arbitrary<unknown> {
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
export function baseFromSchema(schema: JsonSchema, opts: GenOptions): fc.Arbitrary<unknown> {
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
export function fromSchema(
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
export function mutated(example: unknown): fc.Arbitrary<unknown> {
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
// Requests.

/** A query or path value: text to percent-encode, or raw text put into the URL as it is. */
export type UrlValue = string | { raw: string };

export const hostileUrlValue: fc.Arbitrary<UrlValue> = fc.oneof(
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

export function encodeUrlValue(value: UrlValue): string {
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

export function asUrlValue(value: unknown): UrlValue {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

export type AuthKind = 'self' | 'none' | 'madeUp';

export interface FuzzRequest {
  method: Operation['method'];
  /** Path and query, already encoded. */
  url: string;
  /** JSON text, or undefined for no body. */
  body: string | undefined;
  contentType: string;
  auth: AuthKind;
}

export function urlValueArb(param: Parameter, opts: GenOptions): fc.Arbitrary<UrlValue> {
  const base = fromSchema(param.schema, param.name, { ...opts, hostile: false }).map(asUrlValue);
  return opts.hostile
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: hostileUrlValue })
    : base;
}

export function queryArb(op: Operation, opts: GenOptions): fc.Arbitrary<[string, UrlValue][]> {
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

export function requestArb(
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
