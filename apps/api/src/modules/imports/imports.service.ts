import { Readable } from 'node:stream';
import {
  ACTIVITIES_PER_CHECK_IN_MAX,
  ACTIVITIES_PER_USER_MAX,
  activityNameKey,
  AppError,
  CHECK_INS_PER_DAY_MAX,
  checkActivityName,
  DEFAULT_ACTIVITIES,
  DIARY_MAX_LENGTH,
  IMPORT_MOOD_NAMES_MAX,
  IMPORT_PREVIEW_PROBLEMS_MAX,
  type ChosenMood,
  type ImportPreview,
} from '@wellspring/shared';
import type { Executor } from '../../db/client';
import { TimeSlicer } from '../../lib/time-slicer';
import type { AuthContext } from '../../plugins/app/context';
import { listActivityRows } from '../activities/activities.repository';
import { listMoodDays } from '../check-ins/check-ins.repository';
import { listEntryDatesBetween } from '../diary/diary.repository';
import { bearableCsv } from './sources/bearable-csv';
import { daylioBackup } from './sources/daylio-backup';
import { daylioCsv } from './sources/daylio-csv';
import { howWeFeelCsv } from './sources/how-we-feel-csv';
import { moodtrackerCsv } from './sources/moodtracker-csv';
import { moodtrackerJson } from './sources/moodtracker-json';
import { pixelsJson } from './sources/pixels-json';
import {
  isRowProblem,
  UnreadableFileError,
  type ImportSource,
  type ReadLimits,
  type RowProblem,
  type SourceEntry,
} from './sources/source';

/** Every source the importer knows, tried in this order on a file's first bytes. */
export const IMPORT_SOURCES: readonly ImportSource[] = [
  daylioCsv,
  daylioBackup,
  moodtrackerCsv,
  howWeFeelCsv,
  bearableCsv,
  pixelsJson,
  moodtrackerJson,
];

/**
 * The slice of a file's reading between two pauses. Shorter than TimeSlicer's default: a request
 * needs several turns of the event loop, and each waits up to a slice while a file is parsed.
 */
const READ_SLICE_MS = 2;

/** How much of a file recognising its source reads. */
const HEAD_BYTES = 4096;

/** The limits of decision 080, from the settings (IMPORT_*). */
export interface ImportSettings {
  /** The largest text file. */
  maxBytes: number;
  /** The largest archive (a Daylio backup, photos and all). */
  maxArchiveBytes: number;
  limits: ReadLimits;
}

function unreadable(message: string): AppError {
  return new AppError('IMPORT_UNREADABLE', message);
}

/**
 * The upload, ended with 413 once it is past `maxBytes`. Read only as its reader asks for it, so
 * the refusal always reaches the reader, however soon it comes.
 */
function byteLimit(input: Readable, maxBytes: number, what: string): Readable {
  async function* limited() {
    let seen = 0;
    for await (const chunk of input as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (seen > maxBytes) {
        const mb = Math.round(maxBytes / (1024 * 1024));
        throw new AppError('PAYLOAD_TOO_LARGE', `${what} is at most ${mb} MB`);
      }
      yield chunk;
    }
  }
  return Readable.from(limited(), { objectMode: false });
}

/** The first HEAD_BYTES of a stream as text, and the whole stream again from its start. */
async function peek(input: Readable): Promise<{ head: string; whole: Readable }> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(chunks).subarray(0, HEAD_BYTES).toString('utf8');
  async function* rest() {
    yield* chunks;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield next.value;
    }
  }
  return { head, whole: Readable.from(rest()) };
}

/** The source whose format the file's first bytes are in; a clear refusal for any other file. */
export function recogniseSource(head: string): ImportSource {
  const source = IMPORT_SOURCES.find((s) => s.recognises(head));
  if (!source) {
    throw unreadable(
      `Expected a file exported by another app: ${IMPORT_SOURCES.map((s) => s.name).join(', ')}`,
    );
  }
  return source;
}

/** Why an entry cannot be imported as it is, beyond what its reader checks; null when it can. */
function entryProblem(entry: SourceEntry, today: string): string | null {
  if (entry.date > today) return 'The day has not come yet';
  // PostgreSQL text cannot hold U+0000.
  const texts = [entry.mood, entry.note ?? '', ...entry.activities, ...entry.feelings];
  if (texts.some((text) => text.includes('\u0000'))) {
    return 'The entry holds a character that cannot be saved (U+0000)';
  }
  if (entry.activities.length > ACTIVITIES_PER_CHECK_IN_MAX) {
    return `An entry names at most ${ACTIVITIES_PER_CHECK_IN_MAX} activities`;
  }
  for (const name of entry.activities) {
    const checked = checkActivityName(name);
    if (!checked.ok) return `The activity name "${name.slice(0, 40)}" cannot be used`;
  }
  return null;
}

/** One local day of a file as an import writes it: its entries, and the diary entry they make. */
export interface ImportDay {
  date: string;
  /** In time order; an entry without a time keeps its place in the file. */
  entries: SourceEntry[];
  /** The day's notes joined (decision 081), or null when it has none. */
  diary: string | null;
}

/** A file read whole: what the preview sums up and the import writes. */
export interface ReadFile {
  source: ImportSource;
  /** Oldest first. */
  days: ImportDay[];
  problems: RowProblem[];
  problemCount: number;
}

/**
 * A day's notes as its one diary entry (decision 081): a lone note as it is; several in time
 * order, each under its time when the file has one, a blank line between two.
 */
export function dayDiary(entries: readonly SourceEntry[]): string | null {
  const notes = entries.filter((e) => e.note !== null && e.note.trim() !== '');
  if (notes.length === 0) return null;
  if (notes.length === 1) return notes[0]!.note;
  return notes.map((e) => (e.time === null ? e.note : `${e.time}\n${e.note}`)).join('\n\n');
}

/**
 * Reads an upload through its source's reader, keeping the entries an import can write and
 * listing every other row with why: a day still to come, more than a day holds, a name that is no
 * activity name, notes of a day longer than a diary entry.
 */
export async function readUpload(
  auth: AuthContext,
  upload: Readable,
  settings: ImportSettings,
): Promise<ReadFile> {
  const { head, whole } = await peek(upload);
  const source = recogniseSource(head);
  const limited = source.isArchive
    ? byteLimit(whole, settings.maxArchiveBytes, 'A backup to import')
    : byteLimit(whole, settings.maxBytes, 'A file to import');

  const byDay = new Map<string, SourceEntry[]>();
  const moodNames = new Set<string>();
  const activityKeys = new Set<string>();
  const problems: RowProblem[] = [];
  let problemCount = 0;
  const addProblem = (problem: RowProblem) => {
    problemCount += 1;
    if (problems.length < IMPORT_PREVIEW_PROBLEMS_MAX) problems.push(problem);
  };
  // A ten-year file is seconds of parsing: other requests get their turns in between.
  const slicer = new TimeSlicer(READ_SLICE_MS);
  try {
    for await (const item of source.read(limited, settings.limits, auth.timeZone)) {
      await slicer.pauseIfDue();
      if (isRowProblem(item)) {
        addProblem(item);
        continue;
      }
      const reason = entryProblem(item, auth.today);
      const onDay = byDay.get(item.date) ?? [];
      if (reason !== null || onDay.length >= CHECK_INS_PER_DAY_MAX) {
        addProblem({
          row: item.row,
          reason: reason ?? `A day holds at most ${CHECK_INS_PER_DAY_MAX} entries`,
        });
        continue;
      }
      const entry = { ...item, activities: namedActivities(item.activities) };
      onDay.push(entry);
      byDay.set(item.date, onDay);
      moodNames.add(entry.mood);
      if (moodNames.size > IMPORT_MOOD_NAMES_MAX) {
        throw unreadable(`A file names at most ${IMPORT_MOOD_NAMES_MAX} moods`);
      }
      for (const name of entry.activities) activityKeys.add(activityNameKey(name));
      if (activityKeys.size > ACTIVITIES_PER_USER_MAX) {
        throw unreadable(`A file names at most ${ACTIVITIES_PER_USER_MAX} activities`);
      }
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) throw unreadable(error.message);
    throw error;
  }

  const days: ImportDay[] = [];
  for (const date of [...byDay.keys()].sort()) {
    await slicer.pauseIfDue();
    const entries = inTimeOrder(byDay.get(date)!);
    const diary = dayDiary(entries);
    if (diary !== null && [...diary].length > DIARY_MAX_LENGTH) {
      addProblem({
        row: entries[0]!.row,
        reason: `The notes of ${date} are longer than a diary entry (${DIARY_MAX_LENGTH} characters)`,
      });
      continue;
    }
    days.push({ date, entries, diary });
  }
  return { source, days, problems, problemCount };
}

/** The entry's activity names as the account keeps them: trimmed, each once. */
function namedActivities(names: readonly string[]): string[] {
  const named = new Map<string, string>();
  for (const name of names) {
    const checked = checkActivityName(name);
    if (checked.ok && !named.has(activityNameKey(checked.name))) {
      named.set(activityNameKey(checked.name), checked.name);
    }
  }
  return [...named.values()];
}

/** A day's entries by their time; those without one keep their place in the file. */
function inTimeOrder(entries: SourceEntry[]): SourceEntry[] {
  if (entries.some((e) => e.time === null)) return entries.sort((a, b) => a.row - b.row);
  return entries.sort((a, b) => a.time!.localeCompare(b.time!) || a.row - b.row);
}

/**
 * Reads a file from another app and says what importing it would do, writing nothing (decision
 * 080): the source recognised, the days and entries, each mood name with the mood it proposes,
 * each activity and the account's one it matches, the days the account already holds (skipped),
 * and every row that cannot be read with its line and why.
 */
export async function previewImport(
  db: Executor,
  auth: AuthContext,
  upload: Readable,
  settings: ImportSettings,
): Promise<ImportPreview> {
  const { source, days, problems, problemCount } = await readUpload(auth, upload, settings);
  // Each name once, with its entries and its first row: most used first, then in file order.
  let attachments = 0;
  const moods = new Map<string, { entries: number; row: number; proposed: ChosenMood | null }>();
  const activities = new Map<string, { name: string; entries: number; row: number }>();
  const slicer = new TimeSlicer(READ_SLICE_MS);
  for (const entry of days.flatMap((day) => day.entries)) {
    await slicer.pauseIfDue();
    const mood = moods.get(entry.mood) ?? {
      entries: 0,
      row: entry.row,
      proposed: entry.proposed !== undefined ? entry.proposed : source.proposeMood(entry.mood),
    };
    attachments += entry.attachments ?? 0;
    mood.entries += 1;
    mood.row = Math.min(mood.row, entry.row);
    moods.set(entry.mood, mood);
    for (const name of entry.activities) {
      const key = activityNameKey(name);
      const activity = activities.get(key) ?? { name, entries: 0, row: entry.row };
      activity.entries += 1;
      activity.row = Math.min(activity.row, entry.row);
      activities.set(key, activity);
    }
  }
  const firstDay = days[0]?.date ?? null;
  const lastDay = days.at(-1)?.date ?? null;
  const [held, existing] = await Promise.all([
    heldDays(db, auth.userId, firstDay, lastDay),
    listActivityRows(db, auth.userId),
  ]);
  // An account that has not opened its list yet has the default one it would start with.
  const names =
    existing.length > 0 ? existing.map((a) => a.name) : DEFAULT_ACTIVITIES.map((a) => a.name);
  const existingByKey = new Map(names.map((name) => [activityNameKey(name), name]));
  const byUse = <T extends { entries: number; row: number }>(a: T, b: T) =>
    b.entries - a.entries || a.row - b.row;
  return {
    source: { id: source.id, name: source.name },
    firstDay,
    lastDay,
    days: days.length,
    entries: days.reduce((sum, day) => sum + day.entries.length, 0),
    moods: [...moods]
      .map(([name, mood]) => ({ name, ...mood }))
      .sort(byUse)
      .map(({ name, entries, proposed }) => ({ name, entries, proposed })),
    activities: [...activities]
      .map(([key, activity]) => ({ key, ...activity }))
      .sort(byUse)
      .map(({ key, name, entries }) => ({
        name,
        entries,
        existing: existingByKey.get(key) ?? null,
      })),
    duplicateDays: days.filter((day) => held.has(day.date)).length,
    attachmentsSkipped: attachments,
    problems,
    problemCount,
  };
}

/** The account's days from `first` to `last` that already hold a check-in or a diary entry. */
export async function heldDays(
  db: Executor,
  userId: string,
  first: string | null,
  last: string | null,
): Promise<Set<string>> {
  if (first === null || last === null) return new Set();
  const [moodDays, entryDates] = await Promise.all([
    listMoodDays(db, userId, first, last),
    listEntryDatesBetween(db, userId, first, last),
  ]);
  return new Set([...moodDays.map((d) => d.day), ...entryDates]);
}
