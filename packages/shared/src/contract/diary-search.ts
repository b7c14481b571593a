import { z } from 'zod';
import {
  DIARY_SEARCH_BATCH,
  DIARY_SEARCH_EMPTY_MESSAGE,
  DIARY_SEARCH_MAX_QUERY,
  DIARY_SEARCH_TOO_LONG_MESSAGE,
} from '../domain/limits';
import { intQuery, successEnvelope } from './common';
import { DiaryEntrySchema } from './diary';

/**
 * The most entries one search request opens (decrypts) and reads: a year of daily entries. Page 1
 * reads the newest DIARY_SEARCH_BATCH entries, page 2 the next ones, and so on (decision 035).
 * Both limits live in domain/limits.ts, without zod, so that the web can show them (decision 038).
 */
export {
  checkDiarySearchWords,
  DIARY_SEARCH_BATCH,
  DIARY_SEARCH_EMPTY_MESSAGE,
  DIARY_SEARCH_MAX_QUERY,
  DIARY_SEARCH_TOO_LONG_MESSAGE,
} from '../domain/limits';

export const DiarySearchQuerySchema = z.strictObject({
  id: z.string().min(1).max(100).describe("The signed-in user's id; any other value answers 404."),
  q: z
    .string()
    .trim()
    .min(1, DIARY_SEARCH_EMPTY_MESSAGE)
    .max(DIARY_SEARCH_MAX_QUERY, DIARY_SEARCH_TOO_LONG_MESSAGE)
    .describe('The words to find (all of them, in any case), 1 to 100 characters.'),
  page: intQuery(1, 10_000)
    .optional()
    .describe(
      `Which batch of ${DIARY_SEARCH_BATCH} entries to read, newest first; 1 (the newest) by default.`,
    ),
});

export const DiarySearchResultSchema = z.object({
  entries: z
    .array(DiaryEntrySchema)
    .describe('The entries of this batch holding every word, newest first.'),
  page: z.number().int(),
  scanned: z.number().int().describe('How many entries this request read (at most one batch).'),
  hasMore: z.boolean().describe('True when older entries are left: ask for the next page.'),
});
export type DiarySearchResult = z.infer<typeof DiarySearchResultSchema>;
export const DiarySearchAnswerSchema = successEnvelope(DiarySearchResultSchema);
