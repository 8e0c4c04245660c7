import type { Database, Db, Scope, Tx } from './client.js';
import { PLATFORM } from './client.js';

/**
 * The tenant wall: every statement of a service runs in a scope. A scope is a school's id (or
 * PLATFORM), decided by policy's `scopeOf` from the session; these bind the database to it.
 */

/**
 * A database handle bound to a scope: row-level security shows each statement only that
 * school's rows (PLATFORM: every school's), so a query that forgets its school filter still
 * cannot read or write another school's data.
 */
export function tenantDb(deps: { data: Database }, scope: Scope): Db {
  return deps.data.scoped(scope);
}

/** Runs fn in one transaction bound to a scope. */
export function inTenant<T>(deps: { data: Database }, scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return deps.data.transaction(scope, fn);
}

/**
 * The one explicit cross-school path: sign-in and sessions (the school is not known until the
 * account is found), the platform owner's school management, seeding. Grep for it.
 */
export function asPlatform(deps: { data: Database }): Db {
  return deps.data.scoped(PLATFORM);
}
