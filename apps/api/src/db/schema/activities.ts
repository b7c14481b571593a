import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkIns } from './check-ins';
import { imports } from './imports';
import { users } from './users';

/** What a user's day held, their own list (decision 074), started from DEFAULT_ACTIVITIES. */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** activityNameKey(name): one name per user, ignoring case, held by the unique key. */
    nameKey: text('name_key').notNull(),
    group: text('group').notNull(),
    icon: text('icon').notNull(),
    /** Its place in its group, lowest first. */
    position: integer('position').notNull(),
    /** Hidden from the picker, kept on the check-ins that name it. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The import that wrote it (decision 081); null: written here. */
    importId: uuid('import_id').references(() => imports.id, { onDelete: 'set null' }),
  },
  (t) => [unique('activities_user_name_key').on(t.userId, t.nameKey)],
);

/** The activities a check-in names. */
export const checkInActivities = pgTable(
  'check_in_activities',
  {
    checkInId: uuid('check_in_id')
      .notNull()
      .references(() => checkIns.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.checkInId, t.activityId] }),
    index('check_in_activities_activity_idx').on(t.activityId),
  ],
);

/**
 * What the activity findings compare, kept by the check-ins module in the same transaction as
 * every write of a day (decision 078): the days the activity was named on, and the sums of those
 * days' exact moods (the mean of each day's check-ins, 1..5) and of their squares.
 */
export const activityMoodSums = pgTable(
  'activity_mood_sums',
  {
    activityId: uuid('activity_id')
      .primaryKey()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
    levelSum: doublePrecision('level_sum').notNull(),
    levelSquareSum: doublePrecision('level_square_sum').notNull(),
  },
  (t) => [index('activity_mood_sums_user_idx').on(t.userId)],
);
