import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { imports } from './imports';
import { users } from './users';

/** A moment a user named their mood (decision 073): several a local day. */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The moment it was taken; for a back-filled one, when it was written. */
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** The user's time zone when it was taken. */
    timeZone: text('time_zone').notNull(),
    /** The local day it belongs to. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    mood: text('mood').notNull(),
    /** Words of the feelings vocabulary (packages/shared domain/feelings.ts). */
    feelings: text('feelings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Written for a past day that was missed: earns nothing. */
    isBackfilled: boolean('is_backfilled').notNull().default(false),
    /** The day's mood as SPEC.md's PATCH /v1/user sets it: at most one a day, replaced. */
    isDailyMood: boolean('is_daily_mood').notNull().default(false),
    /** The short note, sealed like the diary (DiaryVault.sealNote); null: none. */
    note: text('note'),
    /** The data key version the note is sealed with; null without a note. */
    noteKeyVersion: smallint('note_key_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The import that wrote it (decision 081); null: written here. */
    importId: uuid('import_id').references(() => imports.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('check_ins_user_day_idx').on(t.userId, t.localDate, t.takenAt),
    index('check_ins_import_idx')
      .on(t.importId)
      .where(sql`${t.importId} is not null`),
    uniqueIndex('check_ins_daily_mood_key')
      .on(t.userId, t.localDate)
      .where(sql`${t.isDailyMood}`),
  ],
);
