// Daylio's CSV export, read from synthetic files built from the format notes
// (../shared/IMPORT-FORMATS.md): every header generation, both clocks, a byte-order mark, CRLF,
// quoted notes over several lines, HTML, emoji and right-to-left text, five entries on one day,
// and rows that cannot be read, each named with its line.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { READ_LIMITS, readWith, textFile } from '../../../../test/import-readers';
import { daylioCsv, readTime } from './daylio-csv';
import { UnreadableFileError } from './source';

const FIXTURES = path.join(__dirname, '../../../../test/fixtures/imports');

const readAll = (input: Readable, limits = READ_LIMITS) => readWith(daylioCsv, input, limits);
const fixture = (name: string) => createReadStream(path.join(FIXTURES, name));

describe('the Daylio CSV reader', () => {
  it('reads the 2021 header by name: BOM, CRLF, both clocks, HTML, a quoted note over lines', async () => {
    const { entries, problems } = await readAll(fixture('daylio-2021.csv'));
    expect(entries.filter((e) => e.date === '2026-03-10')).toHaveLength(5);
    expect(entries[0]).toEqual({
      row: 2,
      date: '2026-03-10',
      time: '21:15',
      mood: 'rad',
      activities: ['friends', 'movies / tv'],
      feelings: [],
      note: 'A good day\nDinner with Noor 🎉\nthen a film',
    });
    expect(entries.map((e) => e.time).slice(0, 5)).toEqual([
      '21:15',
      '18:05',
      '14:30',
      '12:10',
      '07:00',
    ]);
    // The quoted note keeps its line break; the next row's line follows it.
    expect(entries[2]).toMatchObject({ row: 4, note: 'Line one\nLine two, with a comma' });
    expect(entries[3]).toMatchObject({ row: 6, mood: 'ok', activities: ['work'] });
    // Trailing spaces off the mood; right-to-left text kept as it is.
    expect(entries[4]).toMatchObject({ mood: 'sad', note: 'שלום עולם' });
    // Markup becomes text: the escaped script stays words, nothing runs.
    expect(entries[5]!.note).toBe('<script>alert(1)</script> =HYPERLINK("http://x")');
    expect(entries.at(-1)).toMatchObject({ mood: 'Tired but ok', date: '2026-03-06' });

    expect(problems).toEqual([
      { row: 9, reason: 'The time cannot be read' },
      { row: 10, reason: 'The date cannot be read' },
      { row: 11, reason: 'The entry has no mood' },
      { row: 12, reason: 'The date cannot be read' },
      { row: 13, reason: 'The date cannot be read' },
    ]);
  });

  it('reads the 2018 header: a year column with "30 May" or "March 27"', async () => {
    const { entries, problems } = await readAll(fixture('daylio-2018.csv'));
    expect(entries.map((e) => [e.date, e.time, e.mood, e.note])).toEqual([
      ['2018-05-30', '18:50', 'good', 'Old header'],
      ['2018-03-27', '14:58', 'meh', null],
    ]);
    expect(problems).toEqual([{ row: 4, reason: 'The date cannot be read' }]);
  });

  it('reads the 2020 header, columns in any order', async () => {
    const { entries } = await readAll(
      textFile('mood,full_date,time,activities,note\ngood,2020-06-01,08:00,walk | read,Hi\n'),
    );
    expect(entries).toEqual([
      {
        row: 2,
        date: '2020-06-01',
        time: '08:00',
        mood: 'good',
        activities: ['walk', 'read'],
        feelings: [],
        note: 'Hi',
      },
    ]);
  });

  it('recognises its header, and refuses another file naming what it expected', async () => {
    expect(daylioCsv.recognises('\uFEFFfull_date,date,weekday,time,mood,activities,note\r\n')).toBe(
      true,
    );
    expect(daylioCsv.recognises('Date,Mood,Tags (People)\n')).toBe(false);
    await expect(
      readAll(textFile('Date,Mood,Notes\n2026 Sun Feb 8 4:04 PM,Calm,\n')),
    ).rejects.toThrow(/Expected a Daylio CSV export/);
    await expect(readAll(textFile(''))).rejects.toThrow(UnreadableFileError);
  });

  it('refuses a line past the record limit and a row of too many columns, reading no further', async () => {
    const long = `full_date,time,mood,activities,note\n2026-01-01,10:00,good,,${'x'.repeat(20_000)}\n`;
    await expect(readAll(textFile(long))).rejects.toThrow('A line is longer than 10000 bytes');
    const wide = `full_date,time,mood,activities,note\n${','.repeat(60)}\n`;
    await expect(readAll(textFile(wide))).rejects.toThrow('A row holds more than 50 columns');
    // A line cut over many chunks is measured whole.
    const chunks = ['full_date,time,mood,activities,note\n', ...Array(30).fill('x'.repeat(500))];
    await expect(readAll(Readable.from(chunks.map((c) => Buffer.from(c))))).rejects.toThrow(
      'A line is longer than 10000 bytes',
    );
  });

  it('stops at the entry limit', async () => {
    const rows = Array.from({ length: 4 }, () => '2026-01-01,10:00,good,,').join('\n');
    await expect(
      readAll(textFile(`full_date,time,mood,activities,note\n${rows}\n`), {
        ...READ_LIMITS,
        maxEntries: 3,
      }),
    ).rejects.toThrow('A file holds at most 3 entries');
  });

  it('proposes the built-in moods, and nothing for a renamed one', () => {
    expect(['rad', 'Good', ' meh ', 'bad', 'AWFUL', 'ok'].map(daylioCsv.proposeMood)).toEqual([
      'Ecstatic',
      'Happy',
      'Neutral',
      'Sad',
      'Depressed',
      null,
    ]);
  });

  it.each([
    ['6:50 pm', '18:50'],
    ['12:00 am', '00:00'],
    ['12:30 PM', '12:30'],
    ['0:05', '00:05'],
    ['23:59', '23:59'],
    ['13:00 pm', null],
    ['24:00', null],
    ['9:60', null],
    ['noon', null],
  ])('reads the time %s as %s', (input, expected) => {
    expect(readTime(input)).toBe(expected);
  });
});
