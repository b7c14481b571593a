import { isValidTimeZone, toLocalDate } from '@wellspring/shared';

/** SPEC.md section 9: numbers in German locale (dots as thousands separators). */
const numberFormat = new Intl.NumberFormat('de-DE');

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** The same number as an English voice reads it right: '200,000', not 'two hundred point zero…'. */
const spokenNumberFormat = new Intl.NumberFormat('en-US');

/**
 * '200,000' for 200000: the spoken form of a number shown by `formatNumber`, for the strings a
 * screen reader reads (aria-label, aria-valuetext). In JSX, `<FormattedNumber>` shows both.
 */
export function formatSpokenNumber(value: number): string {
  return spokenNumberFormat.format(value);
}

const longDate = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const longDateWithWeekday = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 'January 5, 2024'. */
export function formatLongDate(date: Date | string | number): string {
  return longDate.format(new Date(date));
}

/** 'Friday, January 5, 2024': the form completed dates use. */
export function formatCompletedDate(date: Date | string | number): string {
  return longDateWithWeekday.format(new Date(date));
}

const longDateUtc = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'January 5, 2024' for a calendar date ('YYYY-MM-DD'), the same day in every time zone. */
export function formatLongLocalDate(date: string): string {
  return longDateUtc.format(new Date(`${date}T12:00:00Z`));
}

/** '1 task', '3 tasks', '2 diary entries'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** '9:05:03 PM': a 12-hour clock, in a time zone (the browser's when absent or unknown). */
export function formatClockTime(instant: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = clockFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    };
    format = isValidTimeZone(timeZone ?? '')
      ? new Intl.DateTimeFormat('en-US', { ...options, timeZone })
      : new Intl.DateTimeFormat('en-US', options);
    clockFormats.set(key, format);
  }
  // Newer ICU puts a narrow no-break space before AM/PM; a plain space reads the same everywhere.
  return format.format(instant).replace(/\u202f/g, ' ');
}

/** Today's calendar date ('YYYY-MM-DD') in a time zone: the user's "today" (PRODUCT.md section 4). */
export function getTodayIn(timeZone: string | undefined, now: Date = new Date()): string {
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : (getBrowserTimeZone() ?? 'UTC');
  return toLocalDate(now, zone);
}

/** Up to two initials of a name, for an avatar without a picture. */
export function getInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** The browser's IANA time zone, or undefined when it cannot tell. */
export function getBrowserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
