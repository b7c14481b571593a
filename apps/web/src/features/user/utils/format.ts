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
