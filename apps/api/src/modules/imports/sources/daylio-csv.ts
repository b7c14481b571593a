import type { ChosenMood } from '@wellspring/shared';
import { noteText } from './note-text';
import { columnIndex, readEachRow, startsWithHeader } from './csv-rows';
import {
  checkedDay,
  checkedIsoDay,
  monthNumber,
  type ImportSource,
  type RowProblem,
  type SourceEntry,
} from './source';

/*
 * Daylio's CSV export (../shared/IMPORT-FORMATS.md): one row an entry, newest first. Its header
 * has changed over the years, so columns are found by name, never by place:
 *   2018  year,date,weekday,time,mood,activities,note
 *   2020  full_date,date,weekday,time,mood,activities,note
 *   2021+ full_date,date,weekday,time,mood,activities,note_title,note
 */

/** Daylio's five built-in mood names and the moods they propose; renamed ones propose none. */
const BUILT_IN_MOODS: Record<string, ChosenMood> = {
  rad: 'Ecstatic',
  good: 'Happy',
  meh: 'Neutral',
  bad: 'Sad',
  awful: 'Depressed',
};

type Columns = Record<'time' | 'mood' | 'activities', number> & {
  fullDate?: number;
  year?: number;
  date?: number;
  note?: number;
  noteTitle?: number;
};

/** The columns of a Daylio header row, or null when the row is not one. */
function readHeader(record: string[]): Columns | null {
  const at = columnIndex(record);
  const [time, mood, activities] = [at('time'), at('mood'), at('activities')];
  const fullDate = at('full_date');
  const [year, date] = [at('year'), at('date')];
  if (time === undefined || mood === undefined || activities === undefined) return null;
  if (fullDate === undefined && (year === undefined || date === undefined)) return null;
  return {
    time,
    mood,
    activities,
    fullDate,
    year,
    date,
    note: at('note'),
    noteTitle: at('note_title'),
  };
}

/** `2026-03-10` (full_date), or the 2018 header's year with "10 March" / "March 10". */
function readDate(record: string[], columns: Columns): string | null {
  if (columns.fullDate !== undefined) return checkedIsoDay(record[columns.fullDate] ?? '');
  const year = Number(record[columns.year!]?.trim());
  const text = record[columns.date!]?.trim().toLowerCase() ?? '';
  const match = /^(\d{1,2}) ([a-z]+)$/.exec(text) ?? /^([a-z]+) (\d{1,2})$/.exec(text);
  if (!Number.isInteger(year) || !match) return null;
  const [monthName, day] = /^\d/.test(match[1]!) ? [match[2]!, match[1]!] : [match[1]!, match[2]!];
  const month = monthNumber(monthName);
  return month === null ? null : checkedDay(year, month, Number(day));
}

/** `14:58`, `6:50 pm` or `6:50 PM` (the phone's locale decides), as HH:MM; else null. */
export function readTime(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?:\s*([ap])\.?\s*m\.?)?$/i.exec(text.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const half = match[3]?.toLowerCase();
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  } else if (hour > 23) {
    return null;
  }
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** One data row as an entry, or why it cannot be read. */
function readRow(record: string[], columns: Columns, row: number): SourceEntry | RowProblem {
  const date = readDate(record, columns);
  if (date === null) return { row, reason: 'The date cannot be read' };
  const time = readTime(record[columns.time] ?? '');
  if (time === null) return { row, reason: 'The time cannot be read' };
  const mood = (record[columns.mood] ?? '').trim();
  if (mood === '') return { row, reason: 'The entry has no mood' };
  const activities = (record[columns.activities] ?? '')
    .split('|')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const parts = [columns.noteTitle, columns.note]
    .map((i) => (i === undefined ? '' : noteText(record[i] ?? '')))
    .filter((text) => text !== '');
  return {
    row,
    date,
    time,
    mood,
    activities,
    feelings: [],
    note: parts.length > 0 ? parts.join('\n') : null,
  };
}

export const daylioCsv: ImportSource = {
  id: 'daylio-csv',
  name: 'Daylio CSV export',

  recognises: startsWithHeader(readHeader),

  read: readEachRow(
    readHeader,
    'Expected a Daylio CSV export: a first row naming full_date (or year and date), ' +
      'time, mood and activities',
    readRow,
  ),

  proposeMood(mood) {
    return BUILT_IN_MOODS[mood.trim().toLowerCase()] ?? null;
  },
};
