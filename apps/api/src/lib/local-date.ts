import { toLocalDate as formatLocalDate, type LocalDate } from '@wellspring/shared';

/**
 * Since 1980 every zone's offset is a whole number of minutes and changes on a minute (Liberia's
 * -0:44:30 ended in 1972), so all the instants of one UTC minute share one local date there.
 */
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1980, 0, 1);
/** Each time zone's last answer, by UTC minute: every request of a minute asks the same. */
const lastDates = new Map<string, { minute: number; date: LocalDate }>();

/**
 * The calendar date of an instant in a time zone, as the shared `toLocalDate` reads it, kept for
 * the UTC minute it was read in: the API asks it on every authenticated request, and
 * `formatToParts` is dear next to a lookup (decision 069 keeps this cache). It lives here, not in
 * the shared code, because the web app's task pages have no bytes to spare.
 */
export function toLocalDate(instant: Date | number, timeZone: string): LocalDate {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const minute = Math.floor(ms / 60_000);
  const last = lastDates.get(timeZone);
  if (last !== undefined && last.minute === minute) return last.date;
  const date = formatLocalDate(ms, timeZone);
  if (ms >= WHOLE_MINUTE_OFFSETS_SINCE) lastDates.set(timeZone, { minute, date });
  return date;
}
