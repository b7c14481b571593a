import { describe, expect, it } from 'vitest';
import { JsonLimitError, parseJsonInSlices, type JsonSliceLimits } from './parse-json-in-slices';
import { TimeSlicer } from './time-slicer';

const OPEN: JsonSliceLimits = {
  maxValueLength: 1_000_000,
  maxElements: () => 1_000_000,
  maxMembers: 1_000,
};

const parse = (text: string, limits: Partial<JsonSliceLimits> = {}) =>
  parseJsonInSlices(text, { ...OPEN, ...limits });

/** The error JSON.parse throws for the text, or null when it parses. */
function nativeError(text: string): unknown {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error;
  }
}

/** A small random JSON text: nested values, awkward strings, odd spacing. */
function randomJson(random: () => number, depth = 0): string {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const space = () => pick(['', ' ', '\n', '\t ', '\r\n  ']);
  const strings = [
    '',
    'plain',
    'a "quoted" word',
    'back\\slash\\',
    '\\"',
    'ünï 🌱',
    'line\nbreak',
    '\u0000',
    ']}{[,:',
  ];
  const kind = depth > 3 ? pick(['s', 'n', 'l']) : pick(['s', 'n', 'l', 'a', 'o', 'o']);
  if (kind === 's') return JSON.stringify(pick(strings));
  if (kind === 'n') return pick(['0', '-1', '3.25', '1e3', '-0.5E-2', '123456789012']);
  if (kind === 'l') return pick(['true', 'false', 'null']);
  const count = Math.floor(random() * 4);
  const parts = Array.from({ length: count }, (_, i) =>
    kind === 'a'
      ? `${space()}${randomJson(random, depth + 1)}${space()}`
      : `${space()}${JSON.stringify(pick(strings) + i)}${space()}:${space()}${randomJson(random, depth + 1)}${space()}`,
  );
  return kind === 'a' ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
}

/** A seeded generator, so a failure repeats. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('parseJsonInSlices', () => {
  it('reads what JSON.parse reads, the same value', async () => {
    const random = seeded(7);
    for (let i = 0; i < 2_000; i += 1) {
      const text = randomJson(random);
      expect(await parse(text), text).toEqual(JSON.parse(text));
    }
  });

  it('reads a large export-like document across many batches', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      id: i,
      text: `row "${i}" \\ ${'x'.repeat(i % 300)}`,
      nested: { list: [i, [i], { i }] },
    }));
    const text = JSON.stringify({ format: 'f', rows, more: rows.slice(0, 3), n: 1 }, null, 2);
    expect(await parse(text)).toEqual(JSON.parse(text));
    const array = JSON.stringify(rows);
    expect(await parse(array)).toEqual(rows);
  });

  it.each([
    '',
    ' ',
    '{',
    '{"a":1',
    '{"a" 1}',
    '{"a":1,}',
    '{,"a":1}',
    '{"a":1}}',
    '{"a":1} x',
    "{'a':1}",
    '{a:1}',
    '[1,]',
    '[,1]',
    '[1 2]',
    '[1,2',
    '{"a":[1,2}',
    '{"a":[{"b":1]]}',
    '{"a":"unterminated}',
    '{"a":"bad \\x escape"}',
    '{"a":"raw \n line break"}',
    '{"a":tru}',
    '{"a":01}',
    '{"a":-}',
    '[{"a":1}{"b":2}]',
    '"\\"',
    'nul',
  ])('refuses %j as JSON.parse does', async (text) => {
    expect(nativeError(text)).toBeInstanceOf(SyntaxError);
    await expect(parse(text)).rejects.toBeInstanceOf(SyntaxError);
  });

  it('keeps a member named __proto__ as a member, as JSON.parse does', async () => {
    const text = '{"__proto__":{"isAdmin":true},"rows":[{"__proto__":1}]}';
    const value = (await parse(text)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'rows']);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(value).toEqual(JSON.parse(text));
  });

  it('skips a leading byte-order mark', async () => {
    expect(await parse('\uFEFF{"a":[1]}')).toEqual({ a: [1] });
  });

  it('refuses a value longer than the limit, naming it', async () => {
    const long = JSON.stringify({ head: 1, rows: [{ a: 1 }, { a: 'x'.repeat(200) }] });
    const error = await parse(long, { maxValueLength: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonLimitError);
    expect((error as JsonLimitError).path).toEqual(['rows', 1]);
    const member = await parse(JSON.stringify({ user: { a: 'x'.repeat(200) } }), {
      maxValueLength: 100,
    }).catch((e: unknown) => e);
    expect((member as JsonLimitError).path).toEqual(['user']);
  });

  it('refuses an array longer than the limit of its member, before reading the rest', async () => {
    const text = `{"small":[1,2,3],"big":[${'{},'.repeat(50)}{}]}`;
    const limits = { maxElements: (member: string | null) => (member === 'big' ? 10 : 3) };
    const error = await parse(text, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonLimitError);
    expect((error as JsonLimitError).path).toEqual(['big']);
    expect((error as Error).message).toBe('At most 10 rows');
    expect(await parse('{"small":[1,2,3]}', limits)).toEqual({ small: [1, 2, 3] });
  });

  it('refuses a top-level object with too many members', async () => {
    const text = `{${Array.from({ length: 20 }, () => '"a":1').join(',')}}`;
    await expect(parse(text, { maxMembers: 10 })).rejects.toBeInstanceOf(JsonLimitError);
  });

  it('gives the event loop a turn while it reads a large document', async () => {
    const text = JSON.stringify({
      rows: Array.from({ length: 30_000 }, (_, i) => ({ i, text: 'some words '.repeat(5) })),
    });
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 0);
    try {
      await parseJsonInSlices(text, OPEN, new TimeSlicer(1));
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThan(0);
  });
});
