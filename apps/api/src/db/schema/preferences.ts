import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { users } from './users';

/**
 * The preferences remembered per account (decisions 040, 041 and 076): the theme, the daily check-in
 * reminder, and whether "On this day" shows low days. A user without a row has the defaults
 * (DEFAULT_PREFERENCES in the shared contract).
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    theme: text('theme').notNull().default('system'),
    reminderEnabled: boolean('reminder_enabled').notNull().default(false),
    /** HH:MM, 24-hour, in the user's time zone. */
    reminderTime: text('reminder_time').notNull().default('20:00'),
    /** Weekday names, Monday to Sunday. */
    reminderWeekdays: text('reminder_weekdays').array().notNull(),
    /**
     * The user's local day the reminder was last sent for. The schedule claims a day by setting
     * it in the statement that decides to send, so two processes never both send (decision 041).
     */
    remindedOn: date('reminded_on', { mode: 'string' }),
    /** Whether "On this day" shows days whose mood was Sad or Depressed (decision 076). */
    onThisDayShowsLowDays: boolean('on_this_day_shows_low_days').notNull().default(false),
    /** Whether the reminder also asks for the questionnaires every two weeks (decision 083). */
    measureReminderEnabled: boolean('measure_reminder_enabled').notNull().default(false),
    /** The local day the questionnaire reminder was last sent for, claimed as `remindedOn` is. */
    measureRemindedOn: date('measure_reminded_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_preferences_reminder_idx').on(t.reminderEnabled)],
);

/**
 * A device's Web Push subscription, tied to the session that made it: ending that session (log
 * out on the device, revoke it elsewhere, expiry purge) removes it; so does deleting the account.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** The push service's URL for the device; one browser subscription is one row. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);
