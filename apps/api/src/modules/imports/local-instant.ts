/** One formatter a time zone: building one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's clock is ahead of UTC at the instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(ms)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall clock in `timeZone` showed `time` (HH:MM) on `date` (YYYY-MM-DD). A time
 * skipped when the clocks went forward is read with the offset before the change (an hour later
 * on the clock); a time shown twice when they went back is its first showing.
 */
export function localInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00.000Z`);
  // A zone changes its offset at most once within a day either side of any moment.
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const shows = (instant: number) => instant + offsetAt(instant, timeZone) === wall;
  if (shows(before) && shows(after)) return new Date(Math.min(before, after));
  if (shows(after)) return new Date(after);
  return new Date(before);
}

const DAY_MS = 24 * 60 * 60 * 1000;
