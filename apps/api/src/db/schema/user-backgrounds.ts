import { pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backgrounds } from './backgrounds';
import { users } from './users';

export const userBackgrounds = pgTable(
  'user_backgrounds',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    backgroundId: uuid('background_id')
      .notNull()
      .references(() => backgrounds.id),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.backgroundId] })],
);
