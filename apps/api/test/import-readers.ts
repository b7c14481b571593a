import { Readable } from 'node:stream';
import {
  isRowProblem,
  type ImportSource,
  type ReadLimits,
  type RowProblem,
  type SourceEntry,
} from '../src/modules/imports/sources/source';

/** The limits the reader tests read under: small enough to reach in a test. */
export const READ_LIMITS: ReadLimits = {
  maxEntries: 1_000,
  maxLineBytes: 10_000,
  maxColumns: 50,
  maxTextBytes: 1_000_000,
};

/** Everything a source reads from a file: its entries and its unreadable rows, apart. */
export async function readWith(
  source: ImportSource,
  input: Readable,
  limits = READ_LIMITS,
  timeZone = 'UTC',
) {
  const entries: SourceEntry[] = [];
  const problems: RowProblem[] = [];
  for await (const item of source.read(input, limits, timeZone)) {
    if (isRowProblem(item)) problems.push(item);
    else entries.push(item);
  }
  return { entries, problems };
}

/** A file's text as the upload stream a reader takes. */
export const textFile = (text: string) => Readable.from([Buffer.from(text)]);
