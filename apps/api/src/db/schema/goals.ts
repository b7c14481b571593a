import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { backgrounds } from './backgrounds';
import { users } from './users';

export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: integer('target').notNull(),
    earned: integer('earned').notNull().default(0),
    taskCompleted: integer('task_completed').notNull().default(0),
    status: text('status').notNull().default('OnProgress'),
    tier: smallint('tier').notNull(),
    hasClaimedReward: boolean('has_claimed_reward').notNull().default(false),
    backgroundRewardId: uuid('background_reward_id').references(() => backgrounds.id),
    // Brought in by an import: its points were not earned here, so reaching it draws no reward.
    imported: boolean('imported').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // At most one goal in progress per user, held by the database itself.
    uniqueIndex('goals_one_in_progress_idx')
      .on(t.userId)
      .where(sql`status = 'OnProgress'`),
    index('goals_user_created_idx').on(t.userId, t.createdAt),
  ],
);
