import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A file from another app being written into an account, or written (decision 081): what was
 * written carries its id, so that it can be taken back as a whole, cancelled, undone or after a
 * failure. At most one runs for a user at a time.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The ImportSource's id, e.g. daylio-csv. */
    source: text('source').notNull(),
    /** running, cancelling, done, cancelled, failed or undone (ImportStatus). */
    status: text('status').notNull(),
    /** The entries to write, counted before the first is written. */
    entriesTotal: integer('entries_total').notNull(),
    /** The entries gone through so far, written or skipped: the progress the screen shows. */
    entriesDone: integer('entries_done').notNull().default(0),
    /** The entries written (those of days the account already held are skipped). */
    entriesWritten: integer('entries_written').notNull().default(0),
    daysWritten: integer('days_written').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When a batch was last written: an import still running long after it has died. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('imports_one_running_key')
      .on(t.userId)
      .where(sql`${t.status} in ('running', 'cancelling')`),
  ],
);
