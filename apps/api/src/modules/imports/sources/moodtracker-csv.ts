import type { Readable } from 'node:stream';
import { columnIndex, csvRows, startsWithHeader } from './csv-rows';
import { moodtrackerJson, readMoodtrackerMood } from './moodtracker-json';
import type { ImportSource, ReadLimits } from './source';

/*
 * benji6/moodtracker's mood export as CSV (../shared/IMPORT-FORMATS.md): the JSON export's keys as
 * columns, sorted A to Z, nested ones flattened (location:latitude, weather:...), which are not
 * read. Each row is read as the JSON export's object would be.
 */

const READ = ['createdAt', 'experiencedAt', 'mood', 'exploration', 'description'] as const;

type Columns = Partial<Record<(typeof READ)[number], number>>;

function readHeader(record: string[]): Columns | null {
  const at = columnIndex(record);
  if (at('createdAt') === undefined || at('mood') === undefined) return null;
  return Object.fromEntries(READ.map((name) => [name, at(name)]));
}

export const moodtrackerCsv: ImportSource = {
  id: 'moodtracker-csv',
  name: 'MoodTracker CSV export',

  recognises: startsWithHeader(readHeader),

  async *read(input: Readable, limits: ReadLimits, timeZone: string) {
    const expected = 'Expected a MoodTracker CSV export: a first row naming createdAt and mood';
    for await (const { record, columns, row } of csvRows(input, limits, readHeader, expected)) {
      const cell = (name: (typeof READ)[number]) => {
        const i = columns[name];
        const text = i === undefined ? '' : (record[i] ?? '').trim();
        return text === '' ? undefined : text;
      };
      const mood = cell('mood');
      yield readMoodtrackerMood(
        {
          createdAt: cell('createdAt'),
          experiencedAt: cell('experiencedAt'),
          mood: mood !== undefined && /^\d{1,2}$/.test(mood) ? Number(mood) : mood,
          exploration: cell('exploration'),
          description: cell('description'),
        },
        row,
        timeZone,
      );
    }
  },

  proposeMood: moodtrackerJson.proposeMood,
};
