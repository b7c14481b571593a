/** What a spreadsheet would run as a formula when a cell starts with it (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What makes RFC 4180 quote a field. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field, RFC 4180: quoted when it holds a comma, a quote or a line break, with quotes
 * doubled. A text a spreadsheet would take for a formula gets a leading single quote first.
 */
export function toCsvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, ended by CRLF as RFC 4180 asks. */
export function toCsvRow(values: readonly (string | number | null)[]): string {
  return `${values.map(toCsvField).join(',')}\r\n`;
}
