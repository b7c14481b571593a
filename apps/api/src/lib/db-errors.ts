/** True when a database error is a unique-key violation (SQLSTATE 23505), from either driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e: unknown = error;
  // Drizzle wraps driver errors; the driver's error is the cause.
  for (let depth = 0; depth < 3 && e; depth += 1) {
    const candidate = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      if (candidate.constraint === constraint) return true;
      return typeof candidate.message === 'string' && candidate.message.includes(constraint);
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
