import type { Readable } from 'node:stream';
import type { ChosenMood } from '@wellspring/shared';
import { noteText } from './note-text';
import {
  checkedIsoDay,
  isRecord,
  readJsonArray,
  UnreadableFileError,
  type ImportSource,
  type ReadLimits,
  type RowProblem,
  type SourceEntry,
} from './source';

/*
 * Pixels' JSON backup (../shared/IMPORT-FORMATS.md): an array with one object a day,
 *   {"date":"YYYY-MM-DD","type":"Mood","scores":[4,4],"notes":"…","tags":[{"type":"Emotions","entries":["…"]}]}
 * scores 1 (worst) to 5 (best), several a day. Each score is an entry of the day; the day's
 * notes go with its first; every tag is an activity. The "row" of an entry is its day's place in
 * the array, counted from 1.
 */

const LEVEL_MOODS: Record<string, ChosenMood> = {
  '1': 'Depressed',
  '2': 'Sad',
  '3': 'Neutral',
  '4': 'Happy',
  '5': 'Ecstatic',
};

/** One day of the file as its entries, or why it cannot be read. */
function readDay(value: unknown, row: number): SourceEntry[] | RowProblem {
  if (!isRecord(value)) return { row, reason: 'The day is not an object' };
  const date = checkedIsoDay(typeof value.date === 'string' ? value.date : '');
  if (date === null) return { row, reason: 'The date cannot be read' };
  const scores = Array.isArray(value.scores) ? value.scores : [];
  if (scores.length === 0) return { row, reason: 'The day has no score' };
  if (!scores.every((s) => Number.isInteger(s) && s >= 1 && s <= 5)) {
    return { row, reason: 'A score is not a whole number from 1 to 5' };
  }
  const activities = (Array.isArray(value.tags) ? value.tags : []).flatMap((tag) =>
    isRecord(tag) && Array.isArray(tag.entries)
      ? tag.entries.filter((e): e is string => typeof e === 'string').map((e) => e.trim())
      : [],
  );
  const note = typeof value.notes === 'string' ? noteText(value.notes) : '';
  return (scores as number[]).map((score, i) => ({
    row,
    date,
    time: null,
    mood: String(score),
    activities: i === 0 ? activities.filter((a) => a !== '') : [],
    feelings: [],
    note: i === 0 && note !== '' ? note : null,
  }));
}

export const pixelsJson: ImportSource = {
  id: 'pixels-json',
  name: 'Pixels JSON backup',

  recognises(head) {
    const text = head.replace(/^\uFEFF/, '').trimStart();
    return text.startsWith('[') && /"scores"\s*:/.test(text) && /"date"\s*:/.test(text);
  },

  async *read(input: Readable, limits: ReadLimits) {
    const days = await readJsonArray(input, limits, 'a Pixels backup');
    let entries = 0;
    for (const [i, value] of days.entries()) {
      const read = readDay(value, i + 1);
      if (!Array.isArray(read)) {
        yield read;
        continue;
      }
      entries += read.length;
      if (entries > limits.maxEntries) {
        throw new UnreadableFileError(`A file holds at most ${limits.maxEntries} entries`);
      }
      yield* read;
    }
  },

  proposeMood(mood) {
    return LEVEL_MOODS[mood] ?? null;
  },
};
