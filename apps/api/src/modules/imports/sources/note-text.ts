/**
 * A note another app wrote as HTML (Daylio's `<b>`, `<li>`, `<br>`), as the plain text Wellspring
 * keeps: line breaks where the blocks were, a bullet for each item, no tag, the common entities
 * read. Nothing of the markup survives, so nothing of it can run anywhere it is shown later.
 */
export function noteText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/(p|div|li|ul|ol|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|amp|lt|gt|quot|apos|nbsp);/gi, (_m, code: string) =>
      decodeEntity(code),
    );
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(code: string): string {
  const lower = code.toLowerCase();
  if (lower in NAMED) return NAMED[lower]!;
  const n = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
  // A code point that is no character (a surrogate, past U+10FFFF, NUL) becomes nothing.
  if (n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return '';
  return String.fromCodePoint(n);
}
