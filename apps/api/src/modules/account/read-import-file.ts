import {
  AppError,
  DIARY_MAX_LENGTH,
  EXPORT_ROW_SCHEMAS,
  ExportFileHeadSchema,
  IMPORT_MAX_ROWS,
  type ExportFile,
} from '@wellspring/shared';
import { JsonLimitError, parseJsonInSlices } from '../../lib/parse-json-in-slices';
import { TimeSlicer } from '../../lib/time-slicer';
import { findNulPath } from '../../plugins/app/no-nul';
import { ImportIssues } from './import-issues';

/**
 * The longest text one row may take in the file: a diary entry of DIARY_MAX_LENGTH characters,
 * each written as a six-character \u escape, and room for its other fields. The user is shorter.
 */
const MAX_ROW_LENGTH = DIARY_MAX_LENGTH * 6 + 4096;
/** An export file has nine members; a few more are enough to name the unknown ones. */
const MAX_MEMBERS = 32;
const LARGEST_ROW_CAP = Math.max(...Object.values(IMPORT_MAX_ROWS));
const ROW_LISTS = Object.keys(EXPORT_ROW_SCHEMAS) as (keyof typeof EXPORT_ROW_SCHEMAS)[];

function isRowList(name: string | null): name is keyof typeof IMPORT_MAX_ROWS {
  return name !== null && Object.hasOwn(IMPORT_MAX_ROWS, name);
}

/** True when the JSON text holds a \u0000 escape (one that is not itself an escaped backslash). */
function hasNulEscape(text: string): boolean {
  for (let at = text.indexOf('\\u0000'); at !== -1; at = text.indexOf('\\u0000', at + 1)) {
    let backslashes = 0;
    for (let k = at; text.charCodeAt(k) === 0x5c; k -= 1) backslashes += 1;
    if (backslashes % 2 === 1) return true;
  }
  return false;
}

/**
 * The import route's JSON parser: the body read in slices (never one long JSON.parse), with no
 * row longer than a row can be and no list longer than its cap. NUL is looked for in the text,
 * and only a body that has one is walked to name the field (the app's own walk would take tens of
 * milliseconds on a large file).
 */
export async function parseImportBody(text: string): Promise<unknown> {
  if (!/\S/.test(text)) throw new AppError('BAD_REQUEST', 'The JSON body is empty');
  let body: unknown;
  try {
    body = await parseJsonInSlices(text, {
      maxValueLength: MAX_ROW_LENGTH,
      maxElements: (name) => (isRowList(name) ? IMPORT_MAX_ROWS[name] : LARGEST_ROW_CAP),
      maxMembers: MAX_MEMBERS,
    });
  } catch (error) {
    if (error instanceof JsonLimitError) {
      const issues = new ImportIssues();
      issues.add(error.path, error.message);
      throw issues.toError();
    }
    if (error instanceof SyntaxError) {
      throw new AppError('BAD_REQUEST', 'The body is not valid JSON');
    }
    throw error;
  }
  if (hasNulEscape(text)) {
    const path = findNulPath(body, 'body');
    if (path) {
      const message = 'contains a character that cannot be saved';
      throw new AppError('VALIDATION_ERROR', `Invalid ${path}: ${message}`, [{ path, message }]);
    }
  }
  return body;
}

/**
 * The body as an export file (ExportFileSchema), or a 400 VALIDATION_ERROR naming the first
 * issues. The head and the row counts are checked first; then each row on its own, a slice at a
 * time, stopping as soon as IMPORT_MAX_ISSUES issues are found.
 */
export async function readImportFile(
  body: unknown,
  slicer = new TimeSlicer(),
): Promise<ExportFile> {
  const issues = new ImportIssues();
  const head = ExportFileHeadSchema.safeParse(body);
  if (!head.success) {
    issues.addZod([], head.error);
    throw issues.toError();
  }
  const file = { ...head.data } as unknown as ExportFile;
  for (const list of ROW_LISTS) {
    const schema = EXPORT_ROW_SCHEMAS[list];
    const rows = head.data[list];
    const parsed: unknown[] = new Array(rows.length);
    for (let i = 0; i < rows.length && !issues.isFull; i += 1) {
      const row = schema.safeParse(rows[i]);
      if (row.success) parsed[i] = row.data;
      else issues.addZod([list, i], row.error);
      if (slicer.isDue()) await slicer.pause();
    }
    (file as unknown as Record<string, unknown[]>)[list] = parsed;
  }
  issues.throwIfAny();
  return file;
}
