import { addDays, toLocalDate, weekdayName, type LocalDate } from './dates';

/** What the schedule needs of a reminder. */
export interface ReminderRule {
  enabled: boolean;
  /** HH:MM, 24-hour, local. */
  time: string;
  weekdays: readonly string[];
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local wall-clock time of an instant in a time zone, as HH:MM (24-hour). */
export function toLocalTime(instant: Date | number, timeZone: string): string {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/**
 * The local day a reminder is due on at this instant, or null: it is on, today (in the user's time
 * zone) is one of its weekdays, and the local time has reached its time. It stays due for the rest
 * of that local day, so a time missed while the server was down is still kept later that day, and
 * a time skipped by a daylight-saving jump (02:30 on a spring-forward night) is kept at the first
 * minute after it. Whether it was already sent, or the mood already set, is the caller's to check.
 */
export function reminderDueDay(
  reminder: ReminderRule,
  now: Date | number,
  timeZone: string,
): LocalDate | null {
  if (!reminder.enabled) return null;
  const today = toLocalDate(now, timeZone);
  if (!reminder.weekdays.includes(weekdayName(today))) return null;
  return toLocalTime(now, timeZone) >= reminder.time ? today : null;
}

/**
 * The one notification text: it never names a mood or anything written. Here, without zod, as
 * the service worker reads it (apps/web/src/sw/push.ts).
 */
export const REMINDER_NOTIFICATION = {
  title: 'Wellspring',
  body: 'How are you today?',
  url: '/app/dashboard',
} as const;

/** Days between two questionnaire reminders, and from a questionnaire taken to the next (083). */
export const MEASURE_REMINDER_DAYS = 14;

/**
 * The local day a questionnaire reminder is due on at this instant, or null (decision 083): at the
 * daily reminder's time and weekdays, once none was taken in the last two weeks and none was
 * reminded of in them either. Whether it was already claimed is the caller's to check.
 */
export function measureReminderDueDay(
  reminder: ReminderRule,
  lastTakenOn: LocalDate | null,
  remindedOn: LocalDate | null,
  now: Date | number,
  timeZone: string,
): LocalDate | null {
  const day = reminderDueDay(reminder, now, timeZone);
  if (day === null) return null;
  const since = addDays(day, -MEASURE_REMINDER_DAYS);
  if (lastTakenOn !== null && lastTakenOn > since) return null;
  if (remindedOn !== null && remindedOn > since) return null;
  return day;
}

/** The questionnaire reminder's words: like the daily one's, they name nothing private. */
export const MEASURE_REMINDER_NOTIFICATION = {
  title: 'Wellspring',
  body: 'How have the last two weeks been?',
  url: '/app/insights#scores-over-time',
} as const;
