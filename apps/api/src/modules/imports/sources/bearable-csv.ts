import type { Readable } from 'node:stream';
import type { ChosenMood } from '@wellspring/shared';
import { readTime } from './daylio-csv';
import { columnIndex, csvRows, startsWithHeader } from './csv-rows';
import {
  checkedDay,
  checkedIsoDay,
  type ImportSource,
  type ReadLimits,
  type RowProblem,
  type SourceEntry,
} from './source';

/*
 * Bearable's CSV export (../shared/IMPORT-FORMATS.md): one row a data point, columns
 * date, date formatted, weekday, time of day, category, rating/amount, detail, notes. Each Mood row
 * is an entry; a day's energy ratings and notes join its last entry's note, and its factors (the
 * Factors rows and the factor groups' rows: Lifestyle, Work, Social...) become that entry's
 * activities. Symptoms, sleep, medication, nutrition and measurements are not imported
 * (decision 082). A day's rows need not be together, so the file is read whole before its entries
 * are given; csvRows bounds its rows.
 */

/** Categories that are not factors: Mood and Energy are read, the others left out. */
const NOT_FACTORS = new Set([
  'mood',
  'energy',
  'symptom',
  'symptoms',
  'sleep',
  'sleep quality',
  'meds/supplements',
  'nutrition',
  'health measurements',
  'notes',
]);

/** A part of the day, as the time an entry made in it is placed at. */
const PARTS_OF_DAY: Record<string, string | null> = {
  pre: '05:00',
  am: '09:00',
  mid: '14:00',
  pm: '20:00',
  'all day': null,
};

type Columns = Record<'date' | 'timeOfDay' | 'category' | 'rating', number> & {
  dateFormatted?: number;
  detail?: number;
  notes?: number;
};

function readHeader(record: string[]): Columns | null {
  const at = columnIndex(record);
  const [date, timeOfDay, category, rating] = [
    at('date'),
    at('time of day'),
    at('category'),
    at('rating/amount'),
  ];
  if (date === undefined || timeOfDay === undefined || category === undefined) return null;
  if (rating === undefined) return null;
  return {
    date,
    timeOfDay,
    category,
    rating,
    dateFormatted: at('date formatted'),
    detail: at('detail'),
    notes: at('notes'),
  };
}

/** `2026-03-08` (or the start of an ISO date and time), else `08-03-2026` or `08/03/2026`. */
function readDate(date: string, formatted: string): string | null {
  const iso = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(date.trim());
  if (iso) return checkedIsoDay(iso[1]!);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(formatted.trim() || date.trim());
  return dmy ? checkedDay(Number(dmy[3]), Number(dmy[2]), Number(dmy[1])) : null;
}

/** `am`, `all day` or `14:30`: the time an entry of it is placed at (null: none); undefined: unreadable. */
function readTimeOfDay(text: string): string | null | undefined {
  const lower = text.trim().toLowerCase();
  if (lower in PARTS_OF_DAY) return PARTS_OF_DAY[lower];
  return readTime(lower) ?? undefined;
}

/** A factor item `🚶 Walk - A lot` as the activity's name, `Walk`. */
function factorName(item: string): string {
  return item
    .replace(/\s+-\s+(little|moderate|a lot)\s*$/i, '')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .trim();
}

/** What a day's rows hold before its entries are made. */
interface Day {
  firstRow: number;
  entries: SourceEntry[];
  factors: Set<string>;
  notes: string[];
}

/** 1 to 5 when every mood of the file is on that scale, else 0 to 10 (decision 082). */
function proposeOnScale(level: number, fivePoint: boolean): ChosenMood {
  const five: ChosenMood[] = ['Depressed', 'Sad', 'Neutral', 'Happy', 'Ecstatic'];
  if (fivePoint) return five[Math.min(4, Math.max(0, Math.round(level) - 1))]!;
  if (level < 2) return 'Depressed';
  if (level < 4) return 'Sad';
  if (level < 7) return 'Neutral';
  if (level < 9) return 'Happy';
  return 'Ecstatic';
}

export const bearableCsv: ImportSource = {
  id: 'bearable-csv',
  name: 'Bearable CSV export',

  recognises: startsWithHeader(readHeader),

  async *read(input: Readable, limits: ReadLimits) {
    const expected =
      'Expected a Bearable CSV export: a first row naming date, time of day, category and ' +
      'rating/amount';
    const days = new Map<string, Day>();
    const problems: RowProblem[] = [];
    for await (const { record, columns, row } of csvRows(input, limits, readHeader, expected)) {
      const cell = (i: number | undefined) => (i === undefined ? '' : (record[i] ?? '').trim());
      const date = readDate(cell(columns.date), cell(columns.dateFormatted));
      if (date === null) {
        problems.push({ row, reason: 'The date cannot be read' });
        continue;
      }
      const day = days.get(date) ?? { firstRow: row, entries: [], factors: new Set(), notes: [] };
      days.set(date, day);
      const category = cell(columns.category).toLowerCase();
      const [rating, detail, notes] = [
        cell(columns.rating),
        cell(columns.detail),
        cell(columns.notes),
      ];
      if (category === 'mood') {
        const time = readTimeOfDay(cell(columns.timeOfDay));
        if (time === undefined) {
          problems.push({ row, reason: 'The time of day cannot be read' });
          continue;
        }
        const level = Number(rating);
        if (rating === '' || !Number.isFinite(level) || level < 0 || level > 10) {
          problems.push({ row, reason: 'The mood is not a number from 0 to 10' });
          continue;
        }
        day.entries.push({
          row,
          date,
          time,
          mood: rating,
          activities: [],
          feelings: [],
          note: null,
        });
      } else if (category === 'energy') {
        if (detail || rating) day.notes.push(`Energy: ${detail || rating}`);
      } else if (!NOT_FACTORS.has(category)) {
        for (const item of detail.split('|')) {
          const name = factorName(item);
          if (name !== '') day.factors.add(name);
        }
      }
      if (notes !== '' && !day.notes.includes(notes)) day.notes.push(notes);
    }
    yield* problems;
    const levels = [...days.values()].flatMap((day) => day.entries.map((e) => Number(e.mood)));
    const fivePoint = levels.every((level) => level >= 1 && level <= 5);
    for (const day of days.values()) {
      if (day.entries.length === 0) {
        if (day.factors.size > 0 || day.notes.length > 0) {
          yield { row: day.firstRow, reason: 'The day has no mood rating' };
        }
        continue;
      }
      for (const entry of day.entries)
        entry.proposed = proposeOnScale(Number(entry.mood), fivePoint);
      const last = day.entries.at(-1)!;
      last.activities = [...day.factors];
      last.note = day.notes.length > 0 ? day.notes.join('\n') : null;
      yield* day.entries;
    }
  },

  // Each entry proposes its own, on the file's scale.
  proposeMood: () => null,
};
