/** True when a database error (PostgreSQL or PGlite, possibly wrapped by Drizzle) is a unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
