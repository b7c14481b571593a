import type { Database } from '../../db/client';
import { type ContentCipher, DecryptionError } from '../../lib/crypto/content-cipher';
import {
  findKeyCheck,
  insertKeyCheck,
  listSealedKeyVersions,
  lockEntriesToReseal,
  updateSealedEntry,
} from './diary.repository';
import {
  listNoteKeyVersions,
  lockNotesToReseal,
  updateSealedNote,
} from '../check-ins/check-ins.repository';

/** Marks text stored before encryption existed; sealed at start-up by sealLegacyDiaries. */
export const PLAINTEXT_VERSION = 0;
/** The text each key check value seals (decision 012); a backup's checks are opened against it. */
export const KEY_CHECK_TEXT = 'wellspring data key check';
const BATCH = 500;

/** Binds a sealed entry to its owner and day, so it cannot be moved to another row and read. */
function associatedData(userId: string, localDate: string): string {
  return `diary:${userId}:${localDate}`;
}

/** Binds a check-in's note to its owner and its check-in, as a diary entry to its day. */
function noteAssociatedData(userId: string, checkInId: string): string {
  return `check-in-note:${userId}:${checkInId}`;
}

/** A check-in's sealed note as its row holds it. */
export interface SealedNote {
  id: string;
  userId: string;
  note: string | null;
  noteKeyVersion: number | null;
}

/**
 * Seals and opens what a person writes with the configured data keys (AES-256-GCM): diary text,
 * and the short notes of check-ins (decision 073).
 */
export class DiaryVault {
  constructor(readonly cipher: ContentCipher) {}

  seal(userId: string, localDate: string, text: string): { content: string; keyVersion: number } {
    return this.cipher.encrypt(text, associatedData(userId, localDate));
  }

  open(row: { userId: string; localDate: string; content: string; keyVersion: number }): string {
    if (row.keyVersion === PLAINTEXT_VERSION) return row.content;
    return this.cipher.decrypt(
      row.content,
      row.keyVersion,
      associatedData(row.userId, row.localDate),
    );
  }

  /** A note to store: sealed, or nulls for none (empty or blank). */
  sealNote(
    userId: string,
    checkInId: string,
    text: string | undefined,
  ): { note: string | null; noteKeyVersion: number | null } {
    if (!text?.trim()) return { note: null, noteKeyVersion: null };
    const sealed = this.cipher.encrypt(text, noteAssociatedData(userId, checkInId));
    return { note: sealed.content, noteKeyVersion: sealed.keyVersion };
  }

  openNote(row: SealedNote): string | null {
    if (row.note === null || row.noteKeyVersion === null) return null;
    return this.cipher.decrypt(
      row.note,
      row.noteKeyVersion,
      noteAssociatedData(row.userId, row.id),
    );
  }
}

/**
 * Checks at start-up that the configured keys are the ones the data was written with, and fails
 * loudly otherwise: a key check value per version, and no stored entry under an unknown version.
 */
export async function verifyDataKeys(db: Database, cipher: ContentCipher): Promise<void> {
  for (const version of cipher.versions) {
    const checkValue = await findKeyCheck(db, version);
    if (checkValue === undefined) {
      await insertKeyCheck(
        db,
        version,
        cipher.only(version).encrypt(KEY_CHECK_TEXT, 'key-check').content,
      );
      continue;
    }
    let opened: string | undefined;
    try {
      opened = cipher.decrypt(checkValue, version, 'key-check');
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
    }
    if (opened !== KEY_CHECK_TEXT) {
      throw new Error(
        `The data key of version ${version} is not the key this database was written with. ` +
          'Set DATA_ENCRYPTION_KEY (or restore DATA_DIR/encryption.key) to the right key; nothing was changed.',
      );
    }
  }
  const stored = new Set([
    ...(await listSealedKeyVersions(db, PLAINTEXT_VERSION)),
    ...(await listNoteKeyVersions(db)),
  ]);
  const missing = [...stored].filter((v) => !cipher.hasVersion(v)).sort((a, b) => a - b);
  if (missing.length > 0) {
    throw new Error(
      `Diary entries or check-in notes are sealed with data key version(s) ${missing.join(', ')}, ` +
        'which are not configured. Add them to DATA_ENCRYPTION_KEY; nothing was changed.',
    );
  }
}

/**
 * Re-seals every entry not under the current key (plaintext from before encryption, or an older
 * key), in batches, each batch in its own transaction. Answers how many entries were re-sealed.
 */
export async function resealDiaries(
  db: Database,
  vault: DiaryVault,
  options: { onlyPlaintext?: boolean; onProgress?: (done: number) => void } = {},
): Promise<number> {
  const current = vault.cipher.current.version;
  const pending = options.onlyPlaintext
    ? { version: PLAINTEXT_VERSION, isOnly: true }
    : { version: current, isOnly: false };
  let done = 0;
  for (;;) {
    const sealed = await db.transaction(async (tx) => {
      const rows = await lockEntriesToReseal(tx, pending, BATCH);
      for (const row of rows) {
        await updateSealedEntry(tx, row, vault.seal(row.userId, row.localDate, vault.open(row)));
      }
      return rows.length;
    });
    done += sealed;
    options.onProgress?.(done);
    if (sealed < BATCH) return done;
  }
}

/**
 * Re-seals every check-in note not under the current key, in batches as resealDiaries does.
 * Answers how many notes were re-sealed.
 */
export async function resealCheckInNotes(
  db: Database,
  vault: DiaryVault,
  onProgress?: (done: number) => void,
): Promise<number> {
  const current = vault.cipher.current.version;
  let done = 0;
  for (;;) {
    const sealed = await db.transaction(async (tx) => {
      const rows = await lockNotesToReseal(tx, current, BATCH);
      for (const row of rows) {
        const text = vault.openNote(row) ?? '';
        await updateSealedNote(tx, row, vault.sealNote(row.userId, row.id, text));
      }
      return rows.length;
    });
    done += sealed;
    onProgress?.(done);
    if (sealed < BATCH) return done;
  }
}
