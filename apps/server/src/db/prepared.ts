import type { Db } from './client.js';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot query built and prepared once per scoped handle and name, then run with placeholders:
 * no SQL is built per request, and PostgreSQL keeps the statement parsed on each connection.
 * `name` must identify the query's shape (everything that is not a placeholder).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (!query) {
    query = build(db, name);
    byName.set(name, query);
  }
  return query;
}
