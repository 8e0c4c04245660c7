/** The PostgreSQL error codes of a broken rule (PostgreSQL or PGlite, possibly wrapped by Drizzle). */
const CONSTRAINT_CODES = new Set(['23505', '23P01', '23503', '23514']);

interface PgError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The database error under `err` (Drizzle wraps it in `cause`), if any. */
function pgError(err: unknown, codes: Set<string>): PgError | null {
  for (let e = err as PgError | undefined; e; e = e.cause as PgError | undefined) {
    if (e.code && codes.has(e.code)) return e;
  }
  return null;
}

/** True when a database error is a unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  return pgError(err, new Set(['23505'])) !== null;
}

/**
 * The name of the constraint a write broke (unique 23505, exclusion 23P01, foreign key 23503,
 * check 23514), or null when `err` is something else: a service maps the names it expects to a
 * 409 that names the conflict; the error handler answers any other with a plain 409.
 */
export function violatedConstraint(err: unknown): string | null {
  const e = pgError(err, CONSTRAINT_CODES);
  return e ? (e.constraint ?? '') : null;
}
