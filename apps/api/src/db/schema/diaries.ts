import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  date,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { imports } from './imports';
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
    /** Written later for a missed past day (decision 073): it earns nothing. */
    isBackfilled: boolean('is_backfilled').notNull().default(false),
    /** The import that wrote it (decision 081); null: written here. */
    importId: uuid('import_id').references(() => imports.id, { onDelete: 'set null' }),
  },
  // One entry a local day, held by the database itself.
  (t) => [
    unique('diaries_user_day_key').on(t.userId, t.localDate),
    index('diaries_import_idx')
      .on(t.importId)
      .where(sql`${t.importId} is not null`),
  ],
);

/** One value per data key, sealed with it: a wrong key is caught at start-up, not at first read. */
export const encryptionKeyChecks = pgTable('encryption_key_checks', {
  version: smallint('version').primaryKey(),
  checkValue: text('check_value').notNull(),
});
