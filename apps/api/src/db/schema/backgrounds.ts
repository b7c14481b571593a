import { pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';

export const backgrounds = pgTable('backgrounds', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  tier: smallint('tier').notNull(),
});
