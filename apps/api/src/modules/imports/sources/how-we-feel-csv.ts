import { findFeeling, moodOfQuadrant, type FeelingQuadrant } from '@wellspring/shared';
import { readTime } from './daylio-csv';
import { columnIndex, readEachRow, startsWithHeader } from './csv-rows';
import {
  checkedDay,
  monthNumber,
  type ImportSource,
  type RowProblem,
  type SourceEntry,
} from './source';

/*
 * How We Feel's export, HowWeFeelEmotions.csv (../shared/IMPORT-FORMATS.md): one row a check-in,
 * `Date` like `2026 Sun Feb 8 4:04 PM` in local time, `Mood` the mood meter's words joined by `;`,
 * and lists of people, places and events. The file has no mood level: an entry's mood is the
 * quadrant of its first word the meter places (decision 082), and the words are kept, ours as
 * feelings and the others in the note.
 */

/** The quadrants as the preview names them, which the person maps to the five moods. */
const QUADRANT_NAMES: Record<FeelingQuadrant, string> = {
  'high-pleasant': 'Pleasant, high energy',
  'low-pleasant': 'Pleasant, low energy',
  'high-unpleasant': 'Unpleasant, high energy',
  'low-unpleasant': 'Unpleasant, low energy',
};

const QUADRANT_OF_NAME = new Map(
  Object.entries(QUADRANT_NAMES).map(([quadrant, name]) => [name, quadrant as FeelingQuadrant]),
);

/**
 * The mood meter's words that are not in our vocabulary, by quadrant (the meter of How We Feel
 * and of Yale's RULER, from which it comes; decision 082). Our own words are placed by
 * FEELING_WORDS.
 */
const METER_WORDS: Record<FeelingQuadrant, string> = {
  'high-pleasant':
    'surprised upbeat festive exhilarated ecstatic hyper motivated elated lively optimistic ' +
    'pleasant blissful pleased happy focused thrilled awe eager curious amused delighted ' +
    'successful empowered alive energetic energized connected brave determined fascinated',
  'low-pleasant':
    'at_ease easygoing loving fulfilled secure touched chill restful blessed balanced ' +
    'comfortable carefree sleepy complacent tranquil cozy serene humble accepted appreciated ' +
    'loved respected understood valued supported nostalgic tender',
  'high-unpleasant':
    'enraged jittery shocked livid furious stunned fuming frightened apprehensive annoyed ' +
    'repulsed troubled concerned uneasy peeved scared pressured defensive frazzled humiliated ' +
    'threatened embarrassed disgusted confused envious',
  'low-unpleasant':
    'glum apathetic pessimistic morose alienated miserable disheartened despondent depressed ' +
    'sullen exhausted fatigued despairing desolate spent ashamed lost excluded helpless ' +
    'insecure vulnerable sluggish burned_out empty heartbroken',
};

const METER = new Map<string, FeelingQuadrant>(
  Object.entries(METER_WORDS).flatMap(([quadrant, words]) =>
    words.split(' ').map((word) => [word.replace('_', ' '), quadrant as FeelingQuadrant] as const),
  ),
);

/** How We Feel's American spellings of our words. */
const OUR_SPELLING: Record<string, string> = { energized: 'energised', cozy: 'cosy' };

/** A word as our vocabulary writes it, when it is one of ours. */
function ourWord(word: string): string | null {
  const spelled = OUR_SPELLING[word] ?? word;
  return findFeeling(spelled) ? spelled : null;
}

function quadrantOf(word: string): FeelingQuadrant | undefined {
  const ours = ourWord(word);
  return ours ? findFeeling(ours)!.quadrant : METER.get(word);
}

type Column =
  'date' | 'mood' | 'people' | 'places' | 'events' | 'notes' | 'reflections' | 'takeaways';

const HEADER_NAMES: Record<Column, string> = {
  date: 'Date',
  mood: 'Mood',
  people: 'Tags (People)',
  places: 'Tags (Places)',
  events: 'Tags (Events)',
  notes: 'Notes',
  reflections: 'Reflections',
  takeaways: 'Takeaways',
};

type Columns = Partial<Record<Column, number>>;

/** The columns of the header, or null: Date and Mood, and at least one of the tags' columns. */
function readHeader(record: string[]): Columns | null {
  const at = columnIndex(record);
  const columns = Object.fromEntries(
    Object.entries(HEADER_NAMES).map(([key, name]) => [key, at(name)]),
  ) as Columns;
  const hasTags = [columns.people, columns.places, columns.events].some((i) => i !== undefined);
  return columns.date !== undefined && columns.mood !== undefined && hasTags ? columns : null;
}

/** `2026 Sun Feb 8 4:04 PM` (the weekday may be missing, the clock may be 24-hour). */
function readDateTime(text: string): { date: string; time: string } | null {
  const match = /^(\d{4})\s+(?:[a-z]{3,}\.?,?\s+)?([a-z]{3,})\.?\s+(\d{1,2}),?\s+(.+)$/i.exec(
    text.trim(),
  );
  if (!match) return null;
  const month = monthNumber(match[2]!);
  const date = month === null ? null : checkedDay(Number(match[1]), month, Number(match[3]));
  const time = readTime(match[4]!);
  return date && time ? { date, time } : null;
}

/** A list cell: items joined by `;` or `,`, trimmed, empty ones left out. */
function items(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[;,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function readRow(record: string[], columns: Columns, row: number): SourceEntry | RowProblem {
  const cell = (column: Column) => {
    const i = columns[column];
    return i === undefined ? '' : (record[i] ?? '').trim();
  };
  const when = readDateTime(cell('date'));
  if (when === null) return { row, reason: 'The date cannot be read' };
  const words = cell('mood')
    .split(';')
    .map((word) => word.trim())
    .filter((word) => word !== '');
  if (words.length === 0) return { row, reason: 'The entry has no mood' };
  const lower = words.map((word) => word.toLowerCase());
  const quadrant = lower.map(quadrantOf).find((q) => q !== undefined);
  const feelings = [...new Set(lower.map(ourWord).filter((word) => word !== null))];
  const others = words.filter((_word, i) => ourWord(lower[i]!) === null);
  const parts = [
    others.length > 0 ? `Felt: ${others.join(', ')}` : '',
    cell('notes'),
    cell('reflections') && `Reflection: ${cell('reflections')}`,
    cell('takeaways') && `Takeaway: ${cell('takeaways')}`,
  ].filter((part) => part !== '');
  return {
    row,
    ...when,
    // A row whose words the meter does not place keeps its first word, for the person to map.
    mood: quadrant ? QUADRANT_NAMES[quadrant] : words[0]!,
    activities: [
      ...new Set([...items(cell('people')), ...items(cell('places')), ...items(cell('events'))]),
    ],
    feelings,
    note: parts.length > 0 ? parts.join('\n') : null,
  };
}

export const howWeFeelCsv: ImportSource = {
  id: 'how-we-feel-csv',
  name: 'How We Feel CSV export',

  recognises: startsWithHeader(readHeader),

  read: readEachRow(
    readHeader,
    'Expected a How We Feel CSV export: a first row naming Date, Mood and Tags (People)',
    readRow,
  ),

  proposeMood(mood) {
    const quadrant = QUADRANT_OF_NAME.get(mood);
    return quadrant ? moodOfQuadrant(quadrant) : null;
  },
};
