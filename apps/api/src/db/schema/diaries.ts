import {
  date,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const diaries = pgTable(
  'diaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /** AES-256-GCM ciphertext (base64 of IV, tag, bytes); never the words themselves. */
    content: text('content').notNull(),
    /** The data key it is sealed with; 0 marks text written before encryption, sealed at start-up. */
    keyVersion: smallint('key_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // One entry a local day, held by the database itself.
  (t) => [unique('diaries_user_day_key').on(t.userId, t.localDate)],
);

/**
 * Each user's latest diary day and the run of consecutive days that ends on it (decision 056):
 * kept by triggers on diaries in the writer's transaction, so that GET /user reads the streak
 * from one row instead of numbering every entry. No row: the user has never written.
 */
export const diaryStreaks = pgTable('diary_streaks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastDay: date('last_day', { mode: 'string' }),
  length: integer('length').notNull(),
});

/** One value per data key, sealed with it: a wrong key is caught at start-up, not at first read. */
export const encryptionKeyChecks = pgTable('encryption_key_checks', {
  version: smallint('version').primaryKey(),
  checkValue: text('check_value').notNull(),
});
