import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { type GlyphSource, loadPdfFonts, splitIntoRuns, woffToSfnt } from './pdf-fonts';

/** A font that draws the characters `draws` accepts. */
const fake = (name: string, draws: (char: string) => boolean): GlyphSource => ({
  name,
  font: { hasGlyphForCodePoint: (c) => draws(String.fromCodePoint(c)) },
});
const latin = fake('latin', (c) => c.codePointAt(0)! <= 0xff);
const cyrillic = fake('cyrillic', (c) => /[\u0400-\u04ff ]/.test(c));

describe('splitIntoRuns', () => {
  it('gives each stretch the first font that draws it', () => {
    expect(splitIntoRuns('Hi Привет', [latin, cyrillic])).toEqual([
      { font: 'latin', text: 'Hi ' },
      { font: 'cyrillic', text: 'Привет' },
    ]);
  });

  it('keeps a space or a sign with the run before it when that font draws it', () => {
    expect(splitIntoRuns('Привет мир, ok', [latin, cyrillic])).toEqual([
      { font: 'cyrillic', text: 'Привет мир' },
      { font: 'latin', text: ', ok' },
    ]);
  });

  it('leaves a character no font draws in the current run, and the first font at the start', () => {
    expect(splitIntoRuns('😀 a 😀', [latin, cyrillic])).toEqual([
      { font: 'latin', text: '😀 a 😀' },
    ]);
    expect(splitIntoRuns('', [latin])).toEqual([]);
  });

  it("finds Inter's subset for each script among the real fonts", () => {
    const runs = splitIntoRuns('Café Łódź Привет Καλημέρα Việt', loadPdfFonts().regular);
    expect(runs.map((r) => r.font)).toEqual([
      'regular-latin',
      'regular-latin-ext',
      'regular-latin',
      'regular-latin-ext',
      'regular-cyrillic',
      'regular-greek',
      'regular-latin',
      'regular-vietnamese',
      'regular-latin',
    ]);
    expect(runs.map((r) => r.text).join('')).toBe('Café Łódź Привет Καλημέρα Việt');
  });
});

describe('woffToSfnt', () => {
  const file = createRequire(import.meta.url).resolve(
    '@fontsource/inter/files/inter-cyrillic-700-normal.woff',
  );

  it('unwraps a WOFF into the same TrueType font', () => {
    const woff = readFileSync(file);
    const sfnt = woffToSfnt(woff);
    const [before, after] = [create(woff), create(sfnt)] as Font[];
    expect(after!.type).toBe('TTF');
    expect(after!.postscriptName).toBe(before!.postscriptName);
    expect(after!.numGlyphs).toBe(before!.numGlyphs);
    const glyph = (font: Font) => font.glyphForCodePoint('Ж'.codePointAt(0)!);
    expect(glyph(after!).advanceWidth).toBe(glyph(before!).advanceWidth);
    expect(glyph(after!).path.toSVG()).toBe(glyph(before!).path.toSVG());
  });

  it('refuses what is not a WOFF 1.0 file', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 and more bytes than a header'))).toThrow(
      'Not a WOFF 1.0 font',
    );
  });
});
