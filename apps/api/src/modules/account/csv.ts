/**
 * What a spreadsheet may skip before it reads a formula: whitespace of every kind (`\s` holds tab,
 * CR, LF, the no-break space, the Unicode spaces and the byte-order mark) and the zero-width
 * characters.
 */
const LEADING_BLANKS = /^[\s\u180e\u200b-\u200d\u2060]*/;
/**
 * What makes a spreadsheet read a cell as a formula or a command (CSV injection, OWASP): `=`, `+`,
 * `-`, `@` and their full-width forms, which some spreadsheets fold to ASCII; `|` (DDE) and `%`
 * too (docs/decisions/018-security-review-details.md).
 */
const FORMULA_START = /^[=+\-@|%\uff1d\uff0b\uff0d\uff20]/;
/** Control characters a cell must not start with at all. */
const CONTROL_START = /^[\t\r\0]/;
/** What makes RFC 4180 quote a field. */
const NEEDS_QUOTES = /[",\r\n]/;

/** True when a spreadsheet could run the text, once past any leading blanks. */
function isFormulaLike(text: string): boolean {
  return CONTROL_START.test(text) || FORMULA_START.test(text.replace(LEADING_BLANKS, ''));
}

/**
 * One CSV field, RFC 4180: quoted when it holds a comma, a quote or a line break, with quotes
 * doubled. A text a spreadsheet would take for a formula gets a leading single quote first.
 */
export function toCsvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A number is ours, not the user's: -5 stays a number.
  if (typeof value === 'string' && isFormulaLike(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, ended by CRLF as RFC 4180 asks. */
export function toCsvRow(values: readonly (string | number | null)[]): string {
  return `${values.map(toCsvField).join(',')}\r\n`;
}
