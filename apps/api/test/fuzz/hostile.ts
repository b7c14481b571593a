/**
 * Hostile values: JSON that JSON.stringify cannot write, nasty strings and numbers, prototype
 * keys, deep and huge bodies.
 */
import fc from 'fast-check';

// JSON values, including what JSON.stringify cannot write.

/** JSON text put into a body as it is: numbers JSON.stringify cannot write, deep nesting, bad syntax. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object whose keys may be `__proto__` and friends, as own properties that JSON will carry. */
export function objectOf(entries: [string, unknown][]): Record<string, unknown> {
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

export function toJsonText(value: unknown): string {
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
// Hostile values.

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
export const HUGE = 'x'.repeat(100_000);

export const NASTY_STRINGS = [
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

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(HUGE, '😀'.repeat(30_000), 'é'.repeat(32_000), '\u0000'.repeat(999)),
  },
);

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
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
export const deepJson: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 1000, max: 4000 }), fc.nat(2))
  .map(([n, kind]) => {
    if (kind === 0) return new RawJson(`${'['.repeat(n)}${']'.repeat(n)}`);
    if (kind === 1) return new RawJson(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`);
    return new RawJson(`${'{"__proto__":'.repeat(n)}{}${'}'.repeat(n)}`);
  });

export const protoObject: fc.Arbitrary<Record<string, unknown>> = fc
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

export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, [null], [[[]]], [1, 'a', null]) },
  { weight: 2, arbitrary: protoObject },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys a client has no business sending: prototype keys, fields the server derives, junk. */
export const unknownKey: fc.Arbitrary<string> = fc.oneof(
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

export const extraEntries: fc.Arbitrary<[string, unknown][]> = fc.array(
  fc.tuple(unknownKey, fc.oneof(fc.jsonValue({ maxDepth: 1 }), hostileJson)),
  { minLength: 1, maxLength: 3 },
);

/** Whole bodies that are not what any route takes. */
export const rawBodies: fc.Arbitrary<RawJson> = fc.oneof(
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
