import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  lineLimit,
  UnreadableFileError,
  type ReadLimits,
  type RowProblem,
  type SourceEntry,
} from './source';

/** A data row of a CSV file: its cells, the line it starts on, and the header's columns. */
export interface CsvRow<Columns> {
  record: string[];
  row: number;
  columns: Columns;
}

/** The first line of a file's first bytes, split at its commas (enough to recognise a header). */
export function headerCells(head: string): string[] {
  const firstLine = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return firstLine.split(',').map((cell) => cell.replace(/^"|"$/g, '').trim());
}

/**
 * The data rows of a CSV file under its header, bounded as every reader is: no line longer than
 * `maxLineBytes` reaches the parser, no row has more than `maxColumns` cells, at most
 * `maxEntries` rows. Blank rows are skipped. A first row `readHeader` does not take ends the
 * reading with `expected`.
 */
export async function* csvRows<Columns>(
  input: Readable,
  limits: ReadLimits,
  readHeader: (record: string[]) => Columns | null,
  expected: string,
): AsyncGenerator<CsvRow<Columns>> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    max_record_size: limits.maxLineBytes,
    info: true,
  });
  // pipe() does not pass an error on: the upload's (past its size, cut off) ends the reading.
  const lines = lineLimit(limits.maxLineBytes);
  input.on('error', (error) => lines.destroy(error));
  lines.on('error', (error) => parser.destroy(error));
  input.pipe(lines).pipe(parser);
  let columns: Columns | null = null;
  let lastLine = 0;
  let entries = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const row = lastLine + 1;
      lastLine = info.lines;
      if (record.length > limits.maxColumns) {
        throw new UnreadableFileError(`A row holds more than ${limits.maxColumns} columns`);
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      if (columns === null) {
        columns = readHeader(record);
        if (columns === null) throw new UnreadableFileError(expected);
        continue;
      }
      entries += 1;
      if (entries > limits.maxEntries) {
        throw new UnreadableFileError(`A file holds at most ${limits.maxEntries} entries`);
      }
      yield { record, row, columns };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      throw new UnreadableFileError(
        error.code === 'CSV_MAX_RECORD_SIZE'
          ? `A line is longer than ${limits.maxLineBytes} bytes`
          : `The file is not a CSV file that can be read (line ${lastLine + 1})`,
      );
    }
    throw error;
  } finally {
    input.destroy();
  }
  if (columns === null) throw new UnreadableFileError('The file is empty');
}

/** The index of each named column of a header row (ignoring case and spaces around). */
export function columnIndex(record: string[]): (name: string) => number | undefined {
  const names = record.map((cell) => cell.trim().toLowerCase());
  return (name: string) => {
    const i = names.indexOf(name.toLowerCase());
    return i === -1 ? undefined : i;
  };
}

/** A source's `recognises`: the file's first line is a header `readHeader` takes. */
export function startsWithHeader<Columns>(
  readHeader: (record: string[]) => Columns | null,
): (head: string) => boolean {
  return (head) => readHeader(headerCells(head)) !== null;
}

/** A source's `read` for a file of one entry a row: each data row as `readRow` reads it. */
export function readEachRow<Columns>(
  readHeader: (record: string[]) => Columns | null,
  expected: string,
  readRow: (record: string[], columns: Columns, row: number) => SourceEntry | RowProblem,
) {
  return async function* (input: Readable, limits: ReadLimits) {
    for await (const { record, columns, row } of csvRows(input, limits, readHeader, expected)) {
      yield readRow(record, columns, row);
    }
  };
}
