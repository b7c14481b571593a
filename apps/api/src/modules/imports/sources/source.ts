import { Transform, type Readable } from 'node:stream';
import { EARLIEST_DAY, type ChosenMood } from '@wellspring/shared';
import { JsonLimitError, parseJsonInSlices } from '../../../lib/parse-json-in-slices';

/**
 * One entry of another app's file as it was read (decision 080): its local day and time, the
 * source's own name for the mood (mapped to the five moods only once the person has seen the
 * preview), what the day held, and the note as plain text.
 */
export interface SourceEntry {
  /** The line of the file the entry starts on (1 is the first line). */
  row: number;
  /** The local day, YYYY-MM-DD. */
  date: string;
  /** The local time, HH:MM, when the file has one. */
  time: string | null;
  /** The source's mood as it wrote it (a name, or a level as text), trimmed. */
  mood: string;
  activities: string[];
  feelings: string[];
  note: string | null;
  /** The mood this entry's file itself proposes for its mood name (a backup knows each one's
   * place on the scale); when absent, the source's proposeMood says. */
  proposed?: ChosenMood | null;
  /** Photos and recordings the entry had, which are not imported (counted in the preview). */
  attachments?: number;
}

/** A row that cannot be read, and why, in words for the preview. */
export interface RowProblem {
  row: number;
  reason: string;
}

/** What every reader is held to, whatever the file says (decision 080). */
export interface ReadLimits {
  /** The most entries a file may hold. */
  maxEntries: number;
  /** The longest line, in bytes: a 1 GB line, or ten million columns, is refused at this length. */
  maxLineBytes: number;
  /** The most columns a row may have. */
  maxColumns: number;
  /** The most bytes of text a backup's archive may inflate its entry to. */
  maxTextBytes: number;
}

/** A file that is not what its reader expects: the whole file is refused, with what was expected. */
export class UnreadableFileError extends Error {}

/** One other app's export format: adding a source is adding one of these and its fixtures. */
export interface ImportSource {
  id: string;
  /** An archive (a backup with photos) is held on disk while read, and may be larger. */
  isArchive?: boolean;
  /** The app and file, as the preview names them ("Daylio CSV export"). */
  name: string;
  /** Whether the first characters of the file (a few kB) look like this source's. */
  recognises(head: string): boolean;
  /**
   * The file's entries and its unreadable rows, in file order. `timeZone` is the person's, for a
   * source that writes instants rather than local days and times.
   */
  read(
    input: Readable,
    limits: ReadLimits,
    timeZone: string,
  ): AsyncIterable<SourceEntry | RowProblem>;
  /** The mood a source's mood name proposes, before the person changes it; null: none. */
  proposeMood(mood: string): ChosenMood | null;
}

/** The last day an imported entry may have: a year past 2100 is a broken date, not a plan. */
const LATEST_DAY = '2100-12-31';

/** A real calendar day from EARLIEST_DAY to LATEST_DAY, as YYYY-MM-DD; else null. */
export function checkedDay(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger)) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  const text = date.toISOString().slice(0, 10);
  return text >= EARLIEST_DAY && text <= LATEST_DAY ? text : null;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** 1 to 12 for an English month's name or its first three letters, any case; else null. */
export function monthNumber(name: string): number | null {
  const lower = name.trim().toLowerCase();
  const i = MONTHS.findIndex((m) => m === lower || m.slice(0, 3) === lower);
  return i === -1 ? null : i + 1;
}

/** `YYYY-MM-DD` as checkedDay accepts it; else null. */
export function checkedIsoDay(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return match ? checkedDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

export function isRowProblem(item: SourceEntry | RowProblem): item is RowProblem {
  return 'reason' in item;
}

/**
 * Passes a text file through, and ends it with UnreadableFileError at the first line longer than
 * `maxBytes`, before any parser holds it (a line of ten million commas would be ten million fields).
 * A quoted note over several lines is several lines here, each measured on its own.
 */
export function lineLimit(maxBytes: number): Transform {
  let lineBytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let start = 0; ;) {
        const end = chunk.indexOf(10, start);
        const length = (end === -1 ? chunk.length : end) - start;
        if (lineBytes + length > maxBytes) {
          done(new UnreadableFileError(`A line is longer than ${maxBytes} bytes`));
          return;
        }
        if (end === -1) {
          lineBytes += length;
          break;
        }
        lineBytes = 0;
        start = end + 1;
      }
      done(null, chunk);
    },
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON file whose top level is an array (`what` names the source's file in messages), parsed in
 * slices so that it never holds the event loop: each element at most `maxLineBytes` long (JSON
 * nested 100,000 deep stops there), at most `maxEntries` of them. The whole text is held while it
 * is parsed; the upload's own limit bounds it.
 */
export async function readJsonArray(
  input: Readable,
  limits: ReadLimits,
  what: string,
): Promise<unknown[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(chunk as Buffer);
  let value: unknown;
  try {
    value = await parseJsonInSlices(Buffer.concat(chunks).toString('utf8'), {
      maxValueLength: limits.maxLineBytes,
      maxElements: () => limits.maxEntries,
      maxMembers: 0,
    });
  } catch (error) {
    if (error instanceof JsonLimitError) {
      throw new UnreadableFileError(
        `The file holds at most ${limits.maxEntries} items of at most ${limits.maxLineBytes} bytes each`,
      );
    }
    if (error instanceof SyntaxError) throw new UnreadableFileError('The file is not JSON');
    throw error;
  }
  if (!Array.isArray(value)) throw new UnreadableFileError(`Expected ${what}: an array`);
  return value;
}
