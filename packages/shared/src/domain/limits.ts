/*
 * The contract's plain numbers that the web app shows or checks on its own (a counter, a hint).
 * They live here, in a module without zod, and the contract modules re-export them: a page that
 * needs only a number then loads none of the contract's zod schemas (decision 038).
 */

/** The longest diary entry, in characters. */
export const DIARY_MAX_LENGTH = 20_000;

/** The shortest and the longest password. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The largest export file the import takes: 20 MB, what a file at the row caps weighs with diary
 * entries of about 2,500 characters (the API's default body limit is 64 KB).
 */
export const IMPORT_BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/**
 * The diary search (decision 035): entries one request reads (a year of daily entries), and the
 * longest query, in characters.
 */
export const DIARY_SEARCH_BATCH = 366;
export const DIARY_SEARCH_MAX_QUERY = 100;
export const DIARY_SEARCH_EMPTY_MESSAGE = 'Type something to search for';
export const DIARY_SEARCH_TOO_LONG_MESSAGE = 'Search for at most 100 characters';

/**
 * The words of a diary search as the contract checks them (trimmed, 1 to DIARY_SEARCH_MAX_QUERY
 * characters), or its message; without zod, so a page can check them without loading it.
 */
export function checkDiarySearchWords(value: string): { words: string } | { error: string } {
  const words = value.trim();
  if (words.length < 1) return { error: DIARY_SEARCH_EMPTY_MESSAGE };
  if (words.length > DIARY_SEARCH_MAX_QUERY) return { error: DIARY_SEARCH_TOO_LONG_MESSAGE };
  return { words };
}

/**
 * No day the product holds lies before this one: Wellspring did not exist yet. An import refuses
 * earlier dates, and a day asked for before it is refused too (year 0 is an ISO date that neither
 * database can hold).
 */
export const EARLIEST_DAY = '2000-01-01';
