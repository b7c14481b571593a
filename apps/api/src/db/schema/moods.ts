import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The mood of each local day with check-ins, kept by the check-ins module in the same transaction
 * as every check-in write (decision 073): the mean of the day's check-ins and their count.
 */
export const moodEntries = pgTable(
  'mood_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /** The mean of the day's check-ins, rounded to a mood (getDayMood). */
    mood: text('mood').notNull(),
    /** How many check-ins the day holds. */
    checkInCount: integer('check_in_count').notNull().default(1),
    /** The sum of their levels (1 Depressed .. 5 Ecstatic): the mean is this over the count. */
    moodLevelSum: integer('mood_level_sum').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);
