import {
  DEFAULT_PREFERENCES,
  ThemeSchema,
  WeekdaySchema,
  type Preferences,
  type Weekday,
} from '@wellspring/shared';
import type { PreferencesRow, PushSubscriptionRow } from './preferences.repository';

/** The user's preferences; the defaults for a user who never saved any. */
export function presentPreferences(row: PreferencesRow | undefined): Preferences {
  if (!row) return structuredClone(DEFAULT_PREFERENCES);
  const theme = ThemeSchema.safeParse(row.theme);
  const weekdays = row.reminderWeekdays.filter(
    (day): day is Weekday => WeekdaySchema.safeParse(day).success,
  );
  return {
    theme: theme.success ? theme.data : DEFAULT_PREFERENCES.theme,
    reminder: { enabled: row.reminderEnabled, time: row.reminderTime, weekdays },
    onThisDayShowsLowDays: row.onThisDayShowsLowDays,
    measureReminder: row.measureReminderEnabled,
  };
}

export function presentPushSubscription(row: PushSubscriptionRow) {
  return { endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
}
