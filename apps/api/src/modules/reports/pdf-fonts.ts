/*
 * The fonts of the PDF report: Inter, the web app's typeface, in each of its script subsets, so a
 * diary excerpt in Cyrillic, Greek or Vietnamese prints as written (the standard Helvetica holds
 * WinAnsi only). The static WOFF files of @fontsource/inter are used, not the web app's variable
 * WOFF2: fontkit reads WOFF2 but cannot subset it for embedding (its transformed glyf table), and
 * a variable font gives no bold.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { create, type Font } from 'fontkit';

/** Inter's subsets, in the order a character looks for its font. */
const SUBSETS = [
  'latin',
  'latin-ext',
  'cyrillic',
  'cyrillic-ext',
  'greek',
  'greek-ext',
  'vietnamese',
] as const;

const WEIGHTS = { regular: 400, bold: 700 } as const;
export type FontWeight = keyof typeof WEIGHTS;

/** What a run needs of a font: whether it draws a character. */
export interface GlyphSource {
  readonly name: string;
  readonly font: Pick<Font, 'hasGlyphForCodePoint'>;
}

export interface PdfFont extends GlyphSource {
  /** The font as plain TrueType, given to pdfkit under `name`. */
  readonly data: Buffer;
}

/** A stretch of text drawn with one font. */
export interface TextRun {
  readonly font: string;
  readonly text: string;
}

// Resolved through the package, not a path of this file, so the bundled dist/server.js finds the
// files as the TypeScript source does.
const require = createRequire(import.meta.url);

/** The file of one subset and weight. */
function fontFile(subset: string, weight: number): string {
  return require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`);
}

/**
 * A WOFF 1.0 file as the TrueType font it wraps: each table inflated once. fontkit inflates a
 * WOFF table again each time it reads from it, once a glyph, which made a 90-day report take
 * 0.8 s instead of a tenth of that.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  // The offset table's binary-search fields, as the OpenType specification defines them.
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const head = Buffer.alloc(12 + numTables * 16);
  woff.copy(head, 0, 4, 8);
  head.writeUInt16BE(numTables, 4);
  head.writeUInt16BE(searchRange, 6);
  head.writeUInt16BE(entrySelector, 8);
  head.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(head, at);
    head.writeUInt32BE(table.checksum, at + 4);
    head.writeUInt32BE(offset, at + 8);
    head.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

function openFont(name: string, file: string): PdfFont {
  const data = woffToSfnt(readFileSync(file));
  const font = create(data);
  if ('fonts' in font) throw new Error(`${file} is a font collection, not one font`);
  return { name, data, font };
}

let loaded: Readonly<Record<FontWeight, readonly PdfFont[]>> | undefined;

/** Each weight's fonts in SUBSETS order, read once a process. */
export function loadPdfFonts(): Readonly<Record<FontWeight, readonly PdfFont[]>> {
  loaded ??= {
    regular: SUBSETS.map((s) => openFont(`regular-${s}`, fontFile(s, WEIGHTS.regular))),
    bold: SUBSETS.map((s) => openFont(`bold-${s}`, fontFile(s, WEIGHTS.bold))),
  };
  return loaded;
}

/**
 * Cuts text into runs, each drawn with one font: a character stays with the font of the run
 * before it when that font draws it (so spaces and punctuation do not split a word from its
 * script), else starts a run in the first font that draws it. A character no font draws stays
 * in the current font, which prints its missing-glyph box.
 */
export function splitIntoRuns(text: string, fonts: readonly GlyphSource[]): TextRun[] {
  const runs: { font: GlyphSource; text: string }[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const current = runs.at(-1);
    if (current?.font.font.hasGlyphForCodePoint(codePoint)) {
      current.text += char;
      continue;
    }
    const font =
      fonts.find((f) => f.font.hasGlyphForCodePoint(codePoint)) ?? current?.font ?? fonts[0]!;
    if (font === current?.font) current.text += char;
    else runs.push({ font, text: char });
  }
  return runs.map((run) => ({ font: run.font.name, text: run.text }));
}
