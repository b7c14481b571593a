/** A calendar date as 'YYYY-MM-DD' (ISO-8601), always meant in some user's time zone. */
export type LocalDate = string;

const LOCAL_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function getFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the name is an IANA time zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    getFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA name in its usual letter case ('europe/berlin' -> 'Europe/Berlin'). Aliases keep the
 * spelling given: ICU would turn 'Asia/Kolkata' into the older 'Asia/Calcutta'.
 */
export function canonicalTimeZone(timeZone: string): string {
  const resolved = getFormatter(timeZone).resolvedOptions().timeZone;
  return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
}

/** The date as ICU writes it for en-CA ('2026-11-25'), or from its parts if ICU writes it otherwise. */
function formatLocalDate(instant: number, timeZone: string): LocalDate {
  const formatter = getFormatter(timeZone);
  const text = formatter.format(instant);
  if (LOCAL_DATE_PATTERN.test(text)) return text;
  const parts = formatter.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * From 1980 on, every zone's offset is a whole number of minutes and every change of offset falls
 * on a whole minute (the last offsets with seconds ended in 1972), so a local date never turns
 * inside a minute of UTC: each zone keeps the date of the last minute asked for. Every
 * authenticated request asks for today's date (the rollover check), most of them in the same
 * minute as the one before.
 */
const WHOLE_MINUTES_FROM = Date.UTC(1980, 0, 1);
const MINUTE_MS = 60_000;
const lastMinuteDates = new Map<string, { minute: number; date: LocalDate }>();

/** The calendar date of an instant in a time zone. */
export function toLocalDate(instant: Date | number, timeZone: string): LocalDate {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!(ms >= WHOLE_MINUTES_FROM)) return formatLocalDate(ms, timeZone);
  const minute = Math.floor(ms / MINUTE_MS);
  const last = lastMinuteDates.get(timeZone);
  if (last?.minute === minute) return last.date;
  const date = formatLocalDate(ms, timeZone);
  if (last) {
    last.minute = minute;
    last.date = date;
  } else {
    lastMinuteDates.set(timeZone, { minute, date });
  }
  return date;
}

/** True when the string is a real calendar date in 'YYYY-MM-DD' form. */
export function isLocalDate(value: string): boolean {
  if (!LOCAL_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The date `days` days after (or before, when negative) a local date. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Day of the week of a local date, 0 for Sunday to 6 for Saturday. */
export function getWeekday(date: LocalDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The weekday names, Monday first, as the contract lists them (trends by weekday, reminders). */
/** The month names, January first (the calendars and the report's words). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type WeekdayName = (typeof WEEKDAYS)[number];

/** A weekday index as getWeekday gives it (0 Sunday .. 6 Saturday) to its name. */
export function weekdayNameOf(index: number): WeekdayName {
  return WEEKDAYS[(index + 6) % 7]!;
}

/** The weekday name of a local date ('Monday' … 'Sunday'). */
export function weekdayName(date: LocalDate): WeekdayName {
  return weekdayNameOf(getWeekday(date));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** The Sunday-to-Saturday week containing a local date. */
export function getWeekRange(date: LocalDate): { start: LocalDate; end: LocalDate } {
  const start = addDays(date, -getWeekday(date));
  return { start, end: addDays(start, 6) };
}

/** Every local date from start to end inclusive (counted, so it ends even at the calendar's edge). */
export function listDates(start: LocalDate, end: LocalDate): LocalDate[] {
  // A length of zero, less or NaN (a date that is not one) makes an empty list.
  const count = daysBetween(start, end) + 1;
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** The furthest behind and ahead of UTC any time zone runs: UTC-12 and UTC+14. */
const EARLIEST_OFFSET_MS = -12 * 3_600_000;
const LATEST_OFFSET_MS = 14 * 3_600_000;

/**
 * True when the local date is the calendar date of the instant in some time zone on Earth: a day
 * stamped with the instant it happened, whatever zone the user was in then.
 */
export function isLocalDateOfInstant(date: LocalDate, instant: Date | number): boolean {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  const earliest = new Date(at + EARLIEST_OFFSET_MS).toISOString().slice(0, 10);
  const latest = new Date(at + LATEST_OFFSET_MS).toISOString().slice(0, 10);
  return date >= earliest && date <= latest;
}
