// Bearable's CSV export, read from a synthetic file built from the format notes
// (../shared/IMPORT-FORMATS.md): one row a data point, several moods a day, a day's rows apart,
// factors with emoji and amounts, energy, rows left out (symptoms, sleep), right-to-left text, and
// rows that cannot be read.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { READ_LIMITS, readWith, textFile } from '../../../../test/import-readers';
import { bearableCsv } from './bearable-csv';
import { daylioCsv } from './daylio-csv';
import { howWeFeelCsv } from './how-we-feel-csv';

const FIXTURES = path.join(__dirname, '../../../../test/fixtures/imports');
const HEADER = 'date,date formatted,weekday,time of day,category,rating/amount,detail,notes';

const readAll = (input: Readable, limits = READ_LIMITS) => readWith(bearableCsv, input, limits);

describe('the Bearable CSV reader', () => {
  it('makes an entry of each mood, and gives the day’s factors, energy and notes to its last', async () => {
    const { entries, problems } = await readAll(
      createReadStream(path.join(FIXTURES, 'bearable.csv')),
    );
    expect(entries).toEqual([
      {
        row: 2,
        date: '2026-03-08',
        time: '09:00',
        mood: '4',
        proposed: 'Happy',
        activities: [],
        feelings: [],
        note: null,
      },
      {
        row: 3,
        date: '2026-03-08',
        time: '20:00',
        mood: '5',
        proposed: 'Ecstatic',
        activities: ['Walk', 'Coffee', 'Family'],
        feelings: [],
        note: 'Slept in\nEnergy: ok\nمرحبا',
      },
      {
        row: 7,
        date: '2026-03-09',
        time: '14:30',
        mood: '2',
        proposed: 'Sad',
        activities: ['Meetings'],
        feelings: [],
        note: 'Hard day,\nlong meeting',
      },
    ]);
    expect(problems).toEqual([
      { row: 11, reason: 'The date cannot be read' },
      { row: 12, reason: 'The mood is not a number from 0 to 10' },
      { row: 13, reason: 'The time of day cannot be read' },
      { row: 14, reason: 'The day has no mood rating' },
    ]);
  });

  it('proposes on 0 to 10 once a mood of the file is past 5', async () => {
    const { entries } = await readAll(
      textFile(
        `${HEADER}\n2026-03-08,,,am,Mood,8,,\n2026-03-08,,,pm,Mood,5,,\n2026-03-09,,,am,Mood,1,,\n`,
      ),
    );
    expect(entries.map((e) => [e.mood, e.proposed])).toEqual([
      ['8', 'Happy'],
      ['5', 'Neutral'],
      ['1', 'Depressed'],
    ]);
  });

  it('reads the day from date formatted when date is not ISO', async () => {
    const { entries } = await readAll(
      textFile(`${HEADER}\nMarch 8,08/03/2026,Sunday,am,Mood,3,,\n`),
    );
    expect(entries).toMatchObject([{ date: '2026-03-08', mood: '3', proposed: 'Neutral' }]);
  });

  it('is recognised by its header, and no other reader takes it', () => {
    expect(bearableCsv.recognises(`${HEADER}\n`)).toBe(true);
    expect(daylioCsv.recognises(`${HEADER}\n`)).toBe(false);
    expect(howWeFeelCsv.recognises(`${HEADER}\n`)).toBe(false);
    expect(bearableCsv.recognises('full_date,date,weekday,time,mood,activities,note\n')).toBe(
      false,
    );
  });
});
