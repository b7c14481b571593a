import { TimeSlicer } from './time-slicer';

/** A document over one of the limits of `parseJsonInSlices`: where, and what was exceeded. */
export class JsonLimitError extends Error {
  override readonly name = 'JsonLimitError';

  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

export interface JsonSliceLimits {
  /**
   * The most characters one value may take in the text: an element of a top-level array, or a
   * member of the top-level object that is not an array.
   */
  maxValueLength: number;
  /** The most elements of a top-level array (null) or of an array member of the top-level object. */
  maxElements: (member: string | null) => number;
  /** The most members of the top-level object (a name given twice counts twice). */
  maxMembers: number;
}

/** Text parsed with one JSON.parse between two checks of the clock: about a millisecond's worth. */
const BATCH_LENGTH = 64 * 1024;
const BATCH_ELEMENTS = 500;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const BYTE_ORDER_MARK = 0xfeff;

/**
 * The same value as `JSON.parse(text)`, read so that a large document never holds the event loop
 * for long. The top level is taken apart here: each member of a top-level object, and the
 * elements of its array members (or of a top-level array), are handed to the native JSON.parse a
 * batch at a time, with a turn of the event loop whenever a slice of time has run. A value too
 * long or an array too long throws a JsonLimitError naming it; text that is not JSON throws a
 * SyntaxError, as JSON.parse does. A leading byte-order mark is skipped.
 */
export async function parseJsonInSlices(
  text: string,
  limits: JsonSliceLimits,
  slicer = new TimeSlicer(),
): Promise<unknown> {
  const scanner = new Scanner(text, limits, slicer);
  return scanner.readDocument();
}

class Scanner {
  // Per call: a regular expression keeps its lastIndex between uses.
  private readonly whitespace = /[ \t\n\r]*/y;
  private readonly structural = /["[\]{}]/g;
  private readonly scalarEnd = /[ \t\n\r,\]}]/g;

  constructor(
    private readonly text: string,
    private readonly limits: JsonSliceLimits,
    private readonly slicer: TimeSlicer,
  ) {}

  async readDocument(): Promise<unknown> {
    let at = this.skipWhitespace(this.text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0);
    let value: unknown;
    const first = this.text.charCodeAt(at);
    if (first === OPEN_BRACE) [value, at] = await this.readObject(at);
    else if (first === OPEN_BRACKET) [value, at] = await this.readArray(at, null);
    else [value, at] = this.readValue(at, []);
    if (this.skipWhitespace(at) !== this.text.length) {
      throw new SyntaxError('Unexpected text after the JSON value');
    }
    return value;
  }

  private async readObject(start: number): Promise<[Record<string, unknown>, number]> {
    const result: Record<string, unknown> = {};
    let at = this.skipWhitespace(start + 1);
    if (this.text.charCodeAt(at) === CLOSE_BRACE) return [result, at + 1];
    for (let members = 1; ; members += 1) {
      if (members > this.limits.maxMembers) {
        throw new JsonLimitError([], `At most ${this.limits.maxMembers} members`);
      }
      if (this.text.charCodeAt(at) !== QUOTE) throw new SyntaxError('Expected a member name');
      const [key, keyEnd] = this.readValue(at, []);
      at = this.skipWhitespace(keyEnd);
      if (this.text.charCodeAt(at) !== COLON) throw new SyntaxError("Expected ':'");
      at = this.skipWhitespace(at + 1);
      const name = key as string;
      let value: unknown;
      if (this.text.charCodeAt(at) === OPEN_BRACKET) [value, at] = await this.readArray(at, name);
      else [value, at] = this.readValue(at, [name]);
      // As JSON.parse does: a member named __proto__ is a member, never the prototype.
      Object.defineProperty(result, name, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      at = this.skipWhitespace(at);
      const next = this.text.charCodeAt(at);
      if (next === CLOSE_BRACE) return [result, at + 1];
      if (next !== COMMA) throw new SyntaxError("Expected ',' or '}'");
      at = this.skipWhitespace(at + 1);
      await this.slicer.pauseIfDue();
    }
  }

  private async readArray(start: number, member: string | null): Promise<[unknown[], number]> {
    const items: unknown[] = [];
    const maxElements = this.limits.maxElements(member);
    const path = member === null ? [] : [member];
    let at = this.skipWhitespace(start + 1);
    if (this.text.charCodeAt(at) === CLOSE_BRACKET) return [items, at + 1];
    let batchStart = at;
    let batchCount = 0;
    for (;;) {
      if (items.length + batchCount >= maxElements) {
        throw new JsonLimitError(
          path,
          `At most ${maxElements.toLocaleString('en-US')} ${maxElements === 1 ? 'row' : 'rows'}`,
        );
      }
      const end = this.endOfValue(at, [...path, items.length + batchCount]);
      batchCount += 1;
      at = this.skipWhitespace(end);
      const next = this.text.charCodeAt(at);
      const isLast = next === CLOSE_BRACKET;
      if (!isLast && next !== COMMA) throw new SyntaxError("Expected ',' or ']'");
      if (isLast || batchCount >= BATCH_ELEMENTS || end - batchStart >= BATCH_LENGTH) {
        const batch = JSON.parse(`[${this.text.slice(batchStart, end)}]`) as unknown[];
        for (const item of batch) items.push(item);
        batchCount = 0;
        await this.slicer.pauseIfDue();
      }
      if (isLast) return [items, at + 1];
      at = this.skipWhitespace(at + 1);
      if (batchCount === 0) batchStart = at;
    }
  }

  /** One value parsed on its own; answers it and where it ends. */
  private readValue(at: number, path: (string | number)[]): [unknown, number] {
    const end = this.endOfValue(at, path);
    return [JSON.parse(this.text.slice(at, end)), end];
  }

  /** Where the value starting at `at` ends, found without parsing it (JSON.parse checks it). */
  private endOfValue(at: number, path: (string | number)[]): number {
    const { text } = this;
    const first = text.charCodeAt(at);
    let end: number;
    if (first === QUOTE) {
      end = this.endOfString(at);
    } else if (first === OPEN_BRACE || first === OPEN_BRACKET) {
      end = this.endOfContainer(at, path);
    } else {
      this.scalarEnd.lastIndex = at;
      const found = this.scalarEnd.exec(text);
      end = found ? found.index : text.length;
      if (end === at) throw new SyntaxError('Expected a value');
    }
    this.checkLength(at, end, path);
    return end;
  }

  private endOfContainer(start: number, path: (string | number)[]): number {
    const { text, structural } = this;
    let depth = 0;
    structural.lastIndex = start;
    for (;;) {
      const found = structural.exec(text);
      if (!found) throw new SyntaxError('Unexpected end of JSON input');
      const at = found.index;
      this.checkLength(start, at, path);
      const c = text.charCodeAt(at);
      if (c === QUOTE) {
        structural.lastIndex = this.endOfString(at);
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth += 1;
      } else {
        depth -= 1;
        if (depth === 0) return at + 1;
      }
    }
  }

  /** Past the closing quote of the string whose opening quote is at `start`. */
  private endOfString(start: number): number {
    const { text } = this;
    let from = start + 1;
    for (;;) {
      const quote = text.indexOf('"', from);
      if (quote === -1) throw new SyntaxError('Unterminated string in JSON');
      // Escaped when an odd run of backslashes stands before it (each run is read once).
      let backslashes = 0;
      for (let k = quote - 1; text.charCodeAt(k) === BACKSLASH; k -= 1) backslashes += 1;
      if (backslashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  private checkLength(start: number, end: number, path: (string | number)[]): void {
    const max = this.limits.maxValueLength;
    if (end - start > max) {
      throw new JsonLimitError(path, `Longer than ${max.toLocaleString('en-US')} characters`);
    }
  }

  private skipWhitespace(at: number): number {
    this.whitespace.lastIndex = at;
    this.whitespace.test(this.text);
    return this.whitespace.lastIndex;
  }
}
