import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
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

/**
 * Runs an SQL statement written by hand as a named prepared statement: on PostgreSQL parsed once
 * per connection and, after a few runs, planned once (then only bound and executed), as the hot
 * reads built with `prepared` are. `name` must identify the statement's text: everything but its
 * values (a statement whose text depends on the caller's role names the role).
 */
export async function runNamed<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const d = db as unknown as { dialect: PgDialect; _: { session: PgSession } };
  const result = await d._.session.prepareQuery(d.dialect.sqlToQuery(query), undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}
