import {
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A read-only link to one report for a clinician (decision 084): the report's choice (range,
 * sections, the diary entries quoted, the paper), the SHA-256 of its token (never the token), when
 * it stops opening and how often it was opened. Revoking deletes the row, so the token is dead at
 * once; the user's deletion takes the rows with it.
 */
export const reportLinks = pgTable(
  'report_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** ReportSection[] in the order chosen. */
    sections: text('sections').array().notNull(),
    /** The diary entries quoted: their ids. */
    diaryEntryIds: uuid('diary_entry_ids').array().notNull(),
    /** a4 or letter. */
    paper: text('paper').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    openCount: integer('open_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('report_links_token_key').on(t.tokenHash),
    index('report_links_user_idx').on(t.userId, t.createdAt),
  ],
);
