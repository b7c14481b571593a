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

/** '1 task', '3 tasks', '2 diary entries'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** 'a, b and c'. */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** True when the typed text is the account's email, ignoring case and surrounding spaces. */
export function isSameEmail(typed: string, email: string): boolean {
  const normalized = typed.trim().toLowerCase();
  return normalized.length > 0 && normalized === email.trim().toLowerCase();
}
