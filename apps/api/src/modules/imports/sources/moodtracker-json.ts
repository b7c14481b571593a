import type { Readable } from 'node:stream';
import type { ChosenMood } from '@wellspring/shared';
import { toLocalDate } from '../../../lib/local-date';
import {
  checkedIsoDay,
  isRecord,
  readJsonArray,
  type ImportSource,
  type ReadLimits,
  type RowProblem,
  type SourceEntry,
} from './source';

/*
 * benji6/moodtracker's mood export (../shared/IMPORT-FORMATS.md), moodtracker-moods-export-*.json:
 * an array of {createdAt, mood (0 worst to 10 best), exploration, description, experiencedAt?}.
 * The moment is `experiencedAt ?? createdAt`, an instant, so its day and time are the person's
 * own zone's. `exploration` is the note; the old space-separated `description` words follow it.
 */

/** The suggested 0-10 scale on five moods: 0-1, 2-3, 4-6, 7-8, 9-10. */
function moodOfLevel(level: number): ChosenMood {
  if (level <= 1) return 'Depressed';
  if (level <= 3) return 'Sad';
  if (level <= 6) return 'Neutral';
  if (level <= 8) return 'Happy';
  return 'Ecstatic';
}

function localTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(instant);
}

/** One MoodTracker mood (an object of the JSON export, or a CSV row made one) as an entry. */
export function readMoodtrackerMood(
  value: unknown,
  row: number,
  timeZone: string,
): SourceEntry | RowProblem {
  if (!isRecord(value)) return { row, reason: 'The entry is not an object' };
  const when = value.experiencedAt ?? value.createdAt;
  const instant = typeof when === 'string' ? new Date(when) : null;
  const date = instant && !Number.isNaN(instant.getTime()) ? toLocalDate(instant, timeZone) : null;
  if (instant === null || date === null || checkedIsoDay(date) === null) {
    return { row, reason: 'The date cannot be read' };
  }
  const level = value.mood;
  if (typeof level !== 'number' || !Number.isInteger(level) || level < 0 || level > 10) {
    return { row, reason: 'The mood is not a whole number from 0 to 10' };
  }
  const parts = [value.exploration, value.description]
    .filter((part): part is string => typeof part === 'string')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return {
    row,
    date,
    time: localTime(instant, timeZone),
    mood: String(level),
    activities: [],
    feelings: [],
    note: parts.length > 0 ? parts.join('\n') : null,
  };
}

export const moodtrackerJson: ImportSource = {
  id: 'moodtracker-json',
  name: 'MoodTracker JSON export',

  recognises(head) {
    const text = head.replace(/^\uFEFF/, '').trimStart();
    return text.startsWith('[') && /"mood"\s*:/.test(text) && /"createdAt"\s*:/.test(text);
  },

  async *read(input: Readable, limits: ReadLimits, timeZone: string) {
    const moods = await readJsonArray(input, limits, 'a MoodTracker export');
    for (const [i, value] of moods.entries()) yield readMoodtrackerMood(value, i + 1, timeZone);
  },

  proposeMood(mood) {
    const level = Number(mood);
    return /^\d{1,2}$/.test(mood) && level <= 10 ? moodOfLevel(level) : null;
  },
};
