import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { goals } from './goals';
import { users } from './users';

/** The written catalogue that tasks are drawn from; it decides every task's points. */
export const taskTemplates = pgTable(
  'task_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    mood: text('mood').notNull(),
    points: integer('points').notNull(),
  },
  (t) => [index('task_templates_mood_idx').on(t.mood)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => taskTemplates.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    mood: text('mood').notNull(),
    points: integer('points').notNull(),
    /** OnGoing, Completed, or Expired (left over from an earlier day; never listed). */
    status: text('status').notNull().default('OnGoing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acceptedOn: date('accepted_on', { mode: 'string' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedOn: date('completed_on', { mode: 'string' }),
  },
  (t) => [
    index('tasks_user_created_idx').on(t.userId, t.createdAt),
    index('tasks_user_status_created_idx').on(t.userId, t.status, t.createdAt),
    index('tasks_user_completed_on_idx').on(t.userId, t.completedOn),
    // The daily cap on accepting and the list filtered by a day read one day of a user's tasks,
    // not their whole history.
    index('tasks_user_accepted_on_idx').on(t.userId, t.acceptedOn),
    index('tasks_goal_idx').on(t.goalId),
  ],
);

/**
 * A task discarded moments ago, kept just long enough for its owner to undo the discard
 * (`POST /task/restore`, decision 022). It holds what restoring needs to put the same task back;
 * a restore deletes it, and rows past the window are cleared by the next discard and the purge.
 */
export const discardedTasks = pgTable(
  'discarded_tasks',
  {
    /** The id the task had, and has again once restored. */
    taskId: uuid('task_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => taskTemplates.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    mood: text('mood').notNull(),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    acceptedOn: date('accepted_on', { mode: 'string' }).notNull(),
    discardedAt: timestamp('discarded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('discarded_tasks_user_idx').on(t.userId),
    index('discarded_tasks_discarded_at_idx').on(t.discardedAt),
  ],
);
