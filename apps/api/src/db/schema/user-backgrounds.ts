import { pgTable, primaryKey, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { backgrounds } from './backgrounds';
import { users } from './users';

export const userBackgrounds = pgTable(
  'user_backgrounds',
  {
    /** The ownership record's own id, which the API answers (SPEC.md: user background ownership). */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    backgroundId: uuid('background_id')
      .notNull()
      .references(() => backgrounds.id),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.backgroundId] }),
    unique('user_backgrounds_id_unique').on(t.id),
  ],
);
