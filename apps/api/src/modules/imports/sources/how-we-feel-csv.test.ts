// How We Feel's CSV export, read from a synthetic file built from the format notes
// (../shared/IMPORT-FORMATS.md): a byte-order mark, CRLF, several words a row, words of ours and
// of the meter alone, a word the meter does not know, tags, a quoted note over lines, right-to-left
// text and emoji, and rows that cannot be read.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { READ_LIMITS, readWith } from '../../../../test/import-readers';
import { daylioCsv } from './daylio-csv';
import { howWeFeelCsv } from './how-we-feel-csv';
import { UnreadableFileError } from './source';

const FIXTURES = path.join(__dirname, '../../../../test/fixtures/imports');

const readAll = (input: Readable, limits = READ_LIMITS) => readWith(howWeFeelCsv, input, limits);

describe('the How We Feel CSV reader', () => {
  it('keeps the words, ours as feelings, and names each entry by its quadrant', async () => {
    const { entries, problems } = await readAll(
      createReadStream(path.join(FIXTURES, 'how-we-feel.csv')),
    );
    expect(entries).toEqual([
      {
        row: 2,
        date: '2026-03-08',
        time: '21:41',
        mood: 'Pleasant, low energy',
        activities: ['Noor', 'Sam', 'Home', 'Dinner'],
        feelings: ['calm', 'grateful'],
        note: 'Slow evening, שלום 🌙\nReflection: Good to rest\nTakeaway: Cook more',
      },
      {
        row: 3,
        date: '2026-03-08',
        time: '08:05',
        mood: 'Pleasant, high energy',
        activities: ['Work'],
        feelings: [],
        note: 'Felt: Curious',
      },
      {
        row: 4,
        date: '2026-03-09',
        time: '12:30',
        mood: 'Unpleasant, high energy',
        activities: ['Boss', 'Work', 'Meeting'],
        feelings: ['stressed'],
        note: 'Felt: Annoyed\nLine one\nLine two',
      },
      // A word the meter does not place is the entry's mood name, for the person to map.
      {
        row: 6,
        date: '2026-03-09',
        time: '23:59',
        mood: 'Blorft',
        activities: [],
        feelings: [],
        note: 'Felt: Blorft',
      },
      {
        row: 9,
        date: '2026-03-10',
        time: '22:15',
        mood: 'Unpleasant, low energy',
        activities: ['Home'],
        feelings: ['tired'],
        note: 'Felt: exhausted',
      },
    ]);
    expect(problems).toEqual([
      { row: 7, reason: 'The date cannot be read' },
      { row: 8, reason: 'The entry has no mood' },
    ]);
  });

  it('proposes Happy for the pleasant quadrants and Sad for the unpleasant, none for a word', () => {
    expect(howWeFeelCsv.proposeMood('Pleasant, high energy')).toBe('Happy');
    expect(howWeFeelCsv.proposeMood('Pleasant, low energy')).toBe('Happy');
    expect(howWeFeelCsv.proposeMood('Unpleasant, high energy')).toBe('Sad');
    expect(howWeFeelCsv.proposeMood('Unpleasant, low energy')).toBe('Sad');
    expect(howWeFeelCsv.proposeMood('Blorft')).toBeNull();
  });

  it('is recognised by its header, and no other reader takes it', () => {
    const head = 'Date,Mood,Tags (People),Tags (Places),Tags (Events),Notes\r\n';
    expect(howWeFeelCsv.recognises(`\uFEFF${head}`)).toBe(true);
    expect(daylioCsv.recognises(head)).toBe(false);
    expect(howWeFeelCsv.recognises('full_date,date,weekday,time,mood,activities,note\n')).toBe(
      false,
    );
  });

  it('refuses a file whose first row is not its header, naming what it expected', async () => {
    await expect(readAll(Readable.from([Buffer.from('Date,Feeling\n2026,x\n')]))).rejects.toThrow(
      new UnreadableFileError(
        'Expected a How We Feel CSV export: a first row naming Date, Mood and Tags (People)',
      ),
    );
  });
});
