import {
  levelOfMood,
  type ChosenMood,
  type ExportCheckIn,
  type ExportDiary,
} from '@wellspring/shared';
import type { Database } from '../../db/client';
import { toLocalDate } from '../../lib/local-date';
import type { AuthContext } from '../../plugins/app/context';
import { listActivityRows } from '../activities/activities.repository';
import type { DiaryVault } from '../diary/diary-vault';
import { toCsvRow } from './csv';
import { checkInBatches, diaryBatches } from './export-account';

/*
 * Leaving as easily as arriving (decisions 080 and 081): the account in the files two other apps' importers
 * read, the Daylio CSV export (its 2021+ header) and a Pixels JSON backup. Both are written
 * oldest day first, a page of rows at a time (decision 082).
 */

/** Daylio's 2021+ header, the one our own Daylio reader and Daylio's peers read. */
export const DAYLIO_CSV_COLUMNS = [
  'full_date',
  'date',
  'weekday',
  'time',
  'mood',
  'activities',
  'note_title',
  'note',
] as const;

/** Our moods under Daylio's five built-in names. */
const DAYLIO_MOODS: Record<ChosenMood, string> = {
  Ecstatic: 'rad',
  Happy: 'good',
  Neutral: 'meh',
  Sad: 'bad',
  Depressed: 'awful',
};

/** One local day of the account: its check-ins in time order, and its diary entry. */
interface AccountDay {
  date: string;
  checkIns: ExportCheckIn[];
  diary: string | null;
}

async function* rows<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

/** The account's days oldest first, check-ins and diary entries read in pages side by side. */
async function* accountDays(
  db: Database,
  vault: DiaryVault,
  userId: string,
): AsyncGenerator<AccountDay> {
  const checkIns = rows(checkInBatches(db, vault, userId));
  const diaries = rows<ExportDiary>(diaryBatches(db, vault, userId));
  let checkIn = await checkIns.next();
  let diary = await diaries.next();
  while (!checkIn.done || !diary.done) {
    const dates = [checkIn.done ? null : checkIn.value.date, diary.done ? null : diary.value.date];
    const date = dates.filter((d): d is string => d !== null).sort()[0]!;
    const day: AccountDay = { date, checkIns: [], diary: null };
    while (!checkIn.done && checkIn.value.date === date) {
      day.checkIns.push(checkIn.value);
      checkIn = await checkIns.next();
    }
    if (!diary.done && diary.value.date === date) {
      day.diary = diary.value.content;
      diary = await diaries.next();
    }
    yield day;
  }
}

/**
 * A note as Daylio writes one: HTML, its text escaped and its lines broken with <br>, so that
 * an importer reading Daylio's markup reads back the words as they were, "<script>" and all.
 */
function daylioNoteHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r?\n/g, '<br>');
}

/** The activities' names, in alphabetical order: the same file from the same account. */
function namesOf(ids: Iterable<string>, names: Map<string, string>): string[] {
  return [...ids]
    .map((id) => names.get(id))
    .filter((name): name is string => name !== undefined)
    .sort((a, b) => a.localeCompare(b, 'en'));
}

const dayNames = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  weekday: 'long',
  timeZone: 'UTC',
});

/** "March 10" and "Tuesday", as Daylio writes a day. */
function daylioDayNames(date: string): { date: string; weekday: string } {
  const parts = dayNames.formatToParts(new Date(`${date}T12:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('month')} ${part('day')}`, weekday: part('weekday') };
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The check-in's time on its own clock, HH:MM. A day filled in later was written on another day:
 * its moment says nothing of the day's time, and noon stands for it.
 */
function localTime(checkIn: ExportCheckIn): string {
  const takenAt = new Date(checkIn.takenAt);
  if (toLocalDate(takenAt, checkIn.timeZone) !== checkIn.date) return '12:00';
  let format = clockFormats.get(checkIn.timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: checkIn.timeZone,
    });
    clockFormats.set(checkIn.timeZone, format);
  }
  return format.format(takenAt);
}

/**
 * The account as a Daylio CSV export: a row a check-in, its activities by name, its note as
 * Daylio's HTML. The day's diary
 * entry goes with its latest check-in, after that check-in's own note; a day with a diary entry
 * and no check-in has no mood, and Daylio has no row without one, so it is not written here (the
 * JSON export keeps it). A note a spreadsheet would run starts with a single quote.
 */
export async function* writeDaylioCsv(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
): AsyncGenerator<string> {
  const names = new Map((await listActivityRows(db, auth.userId)).map((a) => [a.id, a.name]));
  yield toCsvRow(DAYLIO_CSV_COLUMNS);
  let page: string[] = [];
  for await (const day of accountDays(db, vault, auth.userId)) {
    const { date, weekday } = daylioDayNames(day.date);
    day.checkIns.forEach((checkIn, i) => {
      const isLatest = i === day.checkIns.length - 1;
      const note = [checkIn.note, isLatest ? day.diary : null].filter((n) => n).join('\n\n');
      const html = daylioNoteHtml(note);
      page.push(
        toCsvRow([
          day.date,
          date,
          weekday,
          localTime(checkIn),
          DAYLIO_MOODS[checkIn.mood],
          namesOf(checkIn.activityIds, names).join(' | '),
          '',
          html,
        ]),
      );
    });
    if (page.length >= 500) {
      yield page.join('');
      page = [];
    }
  }
  yield page.join('');
}

/**
 * The account as a Pixels JSON backup: a day an object, its check-ins' levels (1 to 5) as its
 * scores in time order, its diary entry (and check-in notes) as its notes, its activities as one
 * tag group. A day with a diary entry alone has no score.
 */
export async function* writePixelsJson(
  db: Database,
  vault: DiaryVault,
  auth: AuthContext,
): AsyncGenerator<string> {
  const names = new Map((await listActivityRows(db, auth.userId)).map((a) => [a.id, a.name]));
  yield '[';
  let isFirst = true;
  for await (const day of accountDays(db, vault, auth.userId)) {
    const activities = namesOf(new Set(day.checkIns.flatMap((c) => c.activityIds)), names);
    const notes = [day.diary, ...day.checkIns.map((c) => c.note)].filter((n) => n).join('\n\n');
    const pixel = {
      date: day.date,
      type: 'Mood',
      scores: day.checkIns.map((c) => levelOfMood(c.mood)),
      notes,
      tags: activities.length > 0 ? [{ type: 'Activities', entries: activities }] : [],
    };
    yield `${isFirst ? '\n' : ',\n'}${JSON.stringify(pixel)}`;
    isFirst = false;
  }
  yield isFirst ? ']\n' : '\n]\n';
}
