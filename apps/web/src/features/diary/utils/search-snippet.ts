/*
 * The snippet a diary search result shows: the text around the first word found, with every
 * searched word marked. The server decides what matches (after NFKC and lower-casing, decision
 * 035); here the words are found again case-insensitively to place the snippet and the marks. A
 * word that matched only after NFKC is not marked, and the snippet then starts at the beginning.
 */

/** The searched words: split on white space, as the server splits them. */
export function searchWords(query: string): string[] {
  return query.trim().split(/\s+/u).filter(Boolean);
}

export interface SnippetPart {
  text: string;
  isMatch: boolean;
}

const BEFORE = 40;
const LENGTH = 180;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A piece of `content` around the first match, split into marked and plain parts. */
export function buildSnippet(content: string, words: readonly string[]): SnippetPart[] {
  const text = content.replace(/\s+/gu, ' ').trim();
  if (words.length === 0) return [{ text, isMatch: false }];
  // Longest first, so "walking" is marked whole rather than "walk" then "ing".
  const sorted = [...new Set(words.map((w) => w.toLocaleLowerCase()))].sort(
    (a, b) => b.length - a.length,
  );
  const pattern = new RegExp(sorted.map(escapeRegExp).join('|'), 'giu');
  const first = text.search(pattern);
  let start = first > BEFORE ? first - BEFORE : 0;
  // Start at a word's beginning rather than in the middle of one.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  const end = Math.min(text.length, start + LENGTH);
  const piece = text.slice(start, end);

  const parts: SnippetPart[] = [];
  if (start > 0) parts.push({ text: '…', isMatch: false });
  let last = 0;
  for (const match of piece.matchAll(pattern)) {
    const at = match.index;
    if (at > last) parts.push({ text: piece.slice(last, at), isMatch: false });
    parts.push({ text: match[0], isMatch: true });
    last = at + match[0].length;
  }
  if (last < piece.length) parts.push({ text: piece.slice(last), isMatch: false });
  if (end < text.length) parts.push({ text: '…', isMatch: false });
  return parts;
}
