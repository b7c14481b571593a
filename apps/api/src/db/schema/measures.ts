import {
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  date,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A questionnaire the user took (decision 083): the answers as given, and the published score
 * they make, kept with them so that the scores over time and the report read one column. One of
 * each measure a local day: taking it again that day replaces the answers.
 */
export const measureResults = pgTable(
  'measure_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** who5, phq9 or gad7 (MeasureId). */
    measure: text('measure').notNull(),
    /** Each question's answer, in the questions' order. */
    answers: smallint('answers').array().notNull(),
    /** The difficulty question of PHQ-9 and GAD-7, 0 to 3; null: not answered. */
    difficulty: smallint('difficulty'),
    score: smallint('score').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    uniqueIndex('measure_results_one_a_day_key').on(t.userId, t.measure, t.localDate),
    index('measure_results_user_taken_idx').on(t.userId, t.takenAt),
  ],
);
