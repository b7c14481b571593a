import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ChosenMood } from '@wellspring/shared';
import yauzl from 'yauzl';
import { JsonLimitError, parseJsonInSlices } from '../../../lib/parse-json-in-slices';
import { noteText } from './note-text';
import {
  checkedDay,
  isRecord,
  UnreadableFileError,
  type ImportSource,
  type ReadLimits,
  type RowProblem,
  type SourceEntry,
} from './source';

/*
 * Daylio's backup (../shared/IMPORT-FORMATS.md): a ZIP holding `backup.daylio`, base64 text of a
 * JSON document, beside the photos and recordings. Only that one entry is read, inflated with its
 * size checked as it comes; nothing of the archive is written out, so no entry's name can reach a
 * path. The upload is kept in a private temporary folder while read (a ZIP is read from its end),
 * then removed.
 */

/** The most entries an archive may list before the backup's own is found. */
const MAX_ARCHIVE_ENTRIES = 200_000;
const BACKUP_ENTRY = 'backup.daylio';

/** Daylio's built-in moods by predefined_name_id; a group (1 best to 5 worst) proposes a mood. */
const PREDEFINED = ['', 'rad', 'good', 'meh', 'bad', 'awful'];
const GROUP_MOODS: ChosenMood[] = ['Ecstatic', 'Happy', 'Neutral', 'Sad', 'Depressed'];

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

/** The text of the archive's backup entry, at most `maxBytes` once inflated. */
async function readBackupEntry(file: string, maxBytes: number): Promise<string> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw new UnreadableFileError('Expected a Daylio backup: the file is not a ZIP archive');
  }
  try {
    return await new Promise<string>((resolve, reject) => {
      let seen = 0;
      const fail = (message: string) => reject(new UnreadableFileError(message));
      zip.on('error', () => fail('The archive is damaged'));
      zip.on('end', () => fail(`Expected a Daylio backup: the archive holds no ${BACKUP_ENTRY}`));
      zip.on('entry', (entry: yauzl.Entry) => {
        seen += 1;
        if (seen > MAX_ARCHIVE_ENTRIES) {
          fail(`An archive holds at most ${MAX_ARCHIVE_ENTRIES} files`);
          return;
        }
        if (entry.fileName !== BACKUP_ENTRY) {
          zip.readEntry();
          return;
        }
        if (entry.uncompressedSize > maxBytes) {
          fail(`The backup's entries are larger than ${Math.round(maxBytes / 1048576)} MB`);
          return;
        }
        zip.openReadStream(entry, (error, stream) => {
          if (error) {
            fail('The archive is damaged');
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            // validateEntrySizes stops a stream longer than its header says; this is the floor.
            if (size > maxBytes) {
              stream.destroy();
              fail(`The backup's entries are larger than ${Math.round(maxBytes / 1048576)} MB`);
            } else {
              chunks.push(chunk);
            }
          });
          stream.on('error', () => fail('The archive is damaged: an entry is not what it claims'));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** The backup's JSON document, from its base64 text (line breaks and all). */
async function readDocument(base64: string, limits: ReadLimits): Promise<Record<string, unknown>> {
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) {
    throw new UnreadableFileError(`Expected a Daylio backup: ${BACKUP_ENTRY} is not base64 text`);
  }
  const json = Buffer.from(base64, 'base64').toString('utf8');
  let value: unknown;
  try {
    value = await parseJsonInSlices(json, {
      maxValueLength: limits.maxLineBytes,
      maxElements: () => limits.maxEntries,
      maxMembers: 1000,
    });
  } catch (error) {
    if (error instanceof JsonLimitError) {
      throw new UnreadableFileError(
        `The backup holds at most ${limits.maxEntries} items of at most ${limits.maxLineBytes} bytes each`,
      );
    }
    if (error instanceof SyntaxError) {
      throw new UnreadableFileError(`Expected a Daylio backup: ${BACKUP_ENTRY} is not JSON`);
    }
    throw error;
  }
  if (!isRecord(value) || !Array.isArray(value.dayEntries)) {
    throw new UnreadableFileError('Expected a Daylio backup: a document with dayEntries');
  }
  return value;
}

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter(isRecord) : [];

/** Each custom mood's name (built-in or renamed, told apart when two share one) and proposal. */
function readMoods(document: Record<string, unknown>) {
  const moods = records(document.customMoods).map((m) => {
    const group = Number(m.mood_group_id);
    const custom = typeof m.custom_name === 'string' ? m.custom_name.trim() : '';
    const predefined = PREDEFINED[Number(m.predefined_name_id)] ?? '';
    return {
      id: m.id,
      name: custom || predefined || `mood ${String(m.id)}`,
      group: Number.isInteger(group) && group >= 1 && group <= 5 ? group : null,
    };
  });
  const groupsOf = new Map<string, Set<number | null>>();
  for (const m of moods) groupsOf.set(m.name, (groupsOf.get(m.name) ?? new Set()).add(m.group));
  return new Map(
    moods.map((m) => {
      // Two moods of one name in different groups stay two rows of the mapping.
      const shared = groupsOf.get(m.name)!.size > 1 && m.group !== null;
      return [
        m.id,
        {
          name: shared ? `${m.name} (${PREDEFINED[m.group!]})` : m.name,
          proposed: m.group === null ? null : GROUP_MOODS[m.group - 1]!,
        },
      ];
    }),
  );
}

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

function readEntry(
  value: Record<string, unknown>,
  row: number,
  moods: ReturnType<typeof readMoods>,
  tags: Map<unknown, string>,
): SourceEntry | RowProblem {
  const [year, month, day, hour, minute] = ['year', 'month', 'day', 'hour', 'minute'].map((k) =>
    Number(value[k]),
  ) as [number, number, number, number, number];
  // month is 0-based, as JavaScript's getMonth.
  const date = checkedDay(year, month + 1, day);
  if (date === null) return { row, reason: 'The date cannot be read' };
  if (!Number.isInteger(hour) || !Number.isInteger(minute) || hour > 23 || minute > 59) {
    return { row, reason: 'The time cannot be read' };
  }
  const mood = moods.get(value.mood);
  if (!mood) return { row, reason: 'The entry names a mood the backup does not have' };
  const activities = (Array.isArray(value.tags) ? value.tags : [])
    .map((id) => tags.get(id))
    .filter((name): name is string => name !== undefined);
  const parts = [value.note_title, value.note]
    .map((text) => (typeof text === 'string' ? noteText(text) : ''))
    .filter((text) => text !== '');
  return {
    row,
    date,
    time: `${twoDigits(hour)}:${twoDigits(minute)}`,
    mood: mood.name,
    proposed: mood.proposed,
    activities,
    feelings: [],
    note: parts.length > 0 ? parts.join('\n') : null,
    attachments: Array.isArray(value.assets) ? value.assets.length : 0,
  };
}

export const daylioBackup: ImportSource = {
  id: 'daylio-backup',
  name: 'Daylio backup (.daylio)',
  isArchive: true,

  recognises(head) {
    return head.startsWith('PK\u0003\u0004');
  },

  async *read(input: Readable, limits: ReadLimits) {
    const dir = await mkdtemp(path.join(tmpdir(), 'wellspring-import-'));
    try {
      const file = path.join(dir, 'upload.zip');
      await pipeline(input, createWriteStream(file, { mode: 0o600 }));
      const document = await readDocument(await readBackupEntry(file, limits.maxTextBytes), limits);
      const moods = readMoods(document);
      const tags = new Map(
        records(document.tags)
          .filter((t) => typeof t.name === 'string')
          .map((t) => [t.id, (t.name as string).trim()]),
      );
      const entries = document.dayEntries as unknown[];
      for (const [i, value] of entries.entries()) {
        // The row of an entry is its place in dayEntries, from 1.
        yield isRecord(value)
          ? readEntry(value, i + 1, moods, tags)
          : { row: i + 1, reason: 'The entry is not an object' };
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },

  proposeMood() {
    return null;
  },
};
