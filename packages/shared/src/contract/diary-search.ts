import { z } from 'zod';
import { intQuery, successEnvelope } from './common';
import { DiarySchema } from './diary';

/**
 * The most entries one search request opens (decrypts) and reads: a year of daily entries. Page 1
 * reads the newest DIARY_SEARCH_BATCH entries, page 2 the next ones, and so on (decision 035).
 */
export const DIARY_SEARCH_BATCH = 366;
export const DIARY_SEARCH_MAX_QUERY = 100;

export const DiarySearchQuerySchema = z.strictObject({
  id: z.string().min(1).max(100).describe("The signed-in user's id; any other value answers 404."),
  q: z
    .string()
    .trim()
    .min(1, 'Type something to search for')
    .max(DIARY_SEARCH_MAX_QUERY, 'Search for at most 100 characters')
    .describe('The words to find (all of them, in any case), 1 to 100 characters.'),
  page: intQuery(1, 10_000)
    .optional()
    .describe(
      `Which batch of ${DIARY_SEARCH_BATCH} entries to read, newest first; 1 (the newest) by default.`,
    ),
});

export const DiarySearchResultSchema = z.object({
  entries: z
    .array(DiarySchema)
    .describe('The entries of this batch holding every word, newest first.'),
  page: z.number().int(),
  scanned: z.number().int().describe('How many entries this request read (at most one batch).'),
  hasMore: z.boolean().describe('True when older entries are left: ask for the next page.'),
});
export type DiarySearchResult = z.infer<typeof DiarySearchResultSchema>;
export const DiarySearchAnswerSchema = successEnvelope(DiarySearchResultSchema);
