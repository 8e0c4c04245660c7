import type { SQL, SQLWrapper } from 'drizzle-orm';
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

/** Rows of a statement as the driver gives them: one array per row, in the select's column order. */
export type RawRows = unknown[][];

/**
 * A select built with drizzle, prepared as a named statement whose rows `map` turns into the answer
 * by hand (all rows at once): for a hot list, where drizzle's generic row mapping was a fifth of
 * the request. The rows are arrays in the select's column order (`positions` of its fields);
 * timestamps come as the driver's text, as drizzle's own mapping gets them.
 */
export function preparedRows<T>(db: Db, name: string, query: SQLWrapper, map: (rows: RawRows) => T): { execute(values?: Record<string, unknown>): Promise<T> } {
  const d = db as unknown as { dialect: PgDialect; _: { session: PgSession } };
  const statement = d._.session.prepareQuery(d.dialect.sqlToQuery(query.getSQL()), undefined, name, true, (rows) => map(rows as RawRows));
  return statement as unknown as { execute(values?: Record<string, unknown>): Promise<T> };
}

/** Where each field of a flat selection comes in a row: drizzle selects them in the order of its keys. */
export function positions<K extends string>(fields: Record<K, unknown>): Record<K, number> {
  return Object.fromEntries(Object.keys(fields).map((key, i) => [key, i])) as Record<K, number>;
}
