import { boolean, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backgrounds } from './backgrounds';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  pictureUrl: text('picture_url'),
  hasOnboarded: boolean('has_onboarded').notNull().default(false),
  mood: text('mood').notNull().default('Unknown'),
  hasSetMoodToday: boolean('has_set_mood_today').notNull().default(false),
  unannouncedExpiredTaskCount: integer('unannounced_expired_task_count').notNull().default(0),
  selectedBackgroundId: uuid('selected_background_id').references(() => backgrounds.id),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** The user's local date of their last authenticated call: the day rollover's marker. */
  lastActiveDate: date('last_active_date', { mode: 'string' }),
  /** The catalogue task shown last, so the next suggestion differs. */
  lastGeneratedTemplateId: uuid('last_generated_template_id'),
  /**
   * When the owner proved the email is theirs: a verification or reset link, or a sign-in provider
   * that verified it when the account was made (Google does). Only a password account with it may
   * be linked to a Google identity of the same email.
   */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The local day the user last dismissed the gentle support card (decision 039), or null. */
  supportDismissedOn: date('support_dismissed_on', { mode: 'string' }),
});

/** Email and password sign-in for a user; the email is unique among password accounts. */
export const passwordCredentials = pgTable('password_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
