/*
 * Apart from format.ts, which every page loads: only the screens that show a time of day (the
 * sessions, the imports, the report's links) carry this formatter.
 */
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'January 5, 2024 at 3:04 PM': SPEC.md's US English long date, with the time. */
export function formatDateTime(date: Date | string | number): string {
  return dateTime.format(new Date(date));
}
