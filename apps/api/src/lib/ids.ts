const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the string is a UUID; anything else cannot name a row, so it answers 404 unqueried. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
