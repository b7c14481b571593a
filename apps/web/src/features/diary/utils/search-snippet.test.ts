import { describe, expect, it } from 'vitest';
import { buildSnippet, searchWords } from './search-snippet';

const marked = (content: string, words: string[]) =>
  buildSnippet(content, words)
    .filter((p) => p.isMatch)
    .map((p) => p.text);

const joined = (content: string, words: string[]) =>
  buildSnippet(content, words)
    .map((p) => (p.isMatch ? `[${p.text}]` : p.text))
    .join('');

describe('the diary search snippet', () => {
  it('splits the query on white space as the server does', () => {
    expect(searchWords('  river   Walk\tlong ')).toEqual(['river', 'Walk', 'long']);
  });

  it('marks every searched word in any case, keeping the text as written', () => {
    expect(joined('A Walk by the river; walking home.', ['walk', 'RIVER'])).toBe(
      'A [Walk] by the [river]; [walk]ing home.',
    );
  });

  it('marks the longer word whole when one word is part of another', () => {
    expect(marked('Walking home', ['walk', 'walking'])).toEqual(['Walking']);
  });

  it('starts near the first match in a long text, at a word, with ellipses where it is cut', () => {
    const content = `${'lorem ipsum '.repeat(20)}the river ${'dolor sit '.repeat(30)}`;
    const parts = buildSnippet(content, ['river']);
    expect(parts[0]).toEqual({ text: '…', isMatch: false });
    expect(parts.at(-1)).toEqual({ text: '…', isMatch: false });
    expect(parts[1]!.text.startsWith('lorem') || parts[1]!.text.startsWith('ipsum')).toBe(true);
    expect(marked(content, ['river'])).toEqual(['river']);
  });

  it('treats the words as text, not as patterns', () => {
    expect(marked('Costs (a lot) + more.', ['(a', '+'])).toEqual(['(a', '+']);
  });

  it('shows the start of the text when no word is found as typed', () => {
    expect(joined('Ｃafé day', ['cafe'])).toBe('Ｃafé day');
  });
});
