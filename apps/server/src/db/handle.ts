import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// What both clients (PGlite in client.ts, PostgreSQL in postgres.ts) share: the handle's type,
// the scopes and how a statement is put in one. Apart from client.ts so that neither client
// imports the other (client.ts re-exports it: import these from './client.js' elsewhere).

/**
 * A handle on the database. Every handle the app gets is bound to a tenant scope: each statement
 * runs with `app.tenant` set, and row-level security (migration 0004) shows it only that school's
 * rows. A handle that is open as a transaction has the same type.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Db;
export type DbOrTx = Db;

/** The one explicit cross-school scope: the platform owner's work, sign-in, seeding. */
export const PLATFORM = 'platform';
/** A school's id, or PLATFORM. */
export type Scope = string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A scope is a school id or PLATFORM, nothing else: it is also sent inside SQL text. */
export function checkScope(scope: Scope): Scope {
  if (scope !== PLATFORM && !UUID.test(scope)) throw new Error('invalid tenant scope');
  return scope;
}

/** The database role the app works as: it owns no table and cannot bypass row-level security. */
export const APP_ROLE = 'shala_app';
/** The role of the PLATFORM scope, for one statement or transaction at a time: it bypasses it. */
export const PLATFORM_ROLE = 'shala_platform';

/** Sets a statement's or transaction's scope: the tenant's school, and the role. */
export const SET_SCOPE = "select set_config('app.tenant', $1, true), set_config('role', $2, true)";
/**
 * SET_SCOPE for a statement planned for its values: the pool plans every prepared statement once,
 * generically (`plan_cache_mode=force_generic_plan`, postgres.ts); this one is planned again on
 * each run, seeing its parameters, for that statement alone (transaction-local, as the scope).
 */
export const SET_SCOPE_CUSTOM_PLAN = `${SET_SCOPE}, set_config('plan_cache_mode', 'force_custom_plan', true)`;

const plannedForValues = new Set<string>();
/**
 * Marks prepared statements (by name) to be planned for their values on every run: those whose
 * best plan depends on a value, such as a search, where a common pattern walks the list's order
 * index and stops at its limit while a rare one reads the trigram index. PGlite plans every
 * statement for its values already (it prepares none).
 */
export function planForValues(...names: string[]): void {
  for (const name of names) plannedForValues.add(name);
}
export function isPlannedForValues(name: string | undefined): boolean {
  return name !== undefined && plannedForValues.has(name);
}

export function scopeParams(scope: Scope): [string, string] {
  checkScope(scope);
  return scope === PLATFORM ? ['', PLATFORM_ROLE] : [scope, APP_ROLE];
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** A handle whose every statement runs in `scope` (on PostgreSQL in one round trip each). */
  scoped(scope: Scope): Db;
  /** Runs fn in one transaction in `scope`. */
  transaction<T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Refreshes the planner's statistics, as the tables' owner (after a bulk load). */
  analyze(): Promise<void>;
  /** PGlite only: the whole data folder as a tar file (a migrated template for tests). */
  dump?(): Promise<Blob>;
  /**
   * Where the job queue (pg-boss, `queue/index.ts`) keeps its own tables, as the tables' owner: on
   * PostgreSQL the URL (pg-boss opens a small pool of its own); on PGlite, its SQL run in the one
   * session (several statements when there are no values).
   */
  jobs: JobsConnection;
  /** PostgreSQL only: the app pool's connections now (metrics; PGlite is one session). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * PGlite only: its one session's line (`db/session-line.ts`): statements waiting now, how long the
   * oldest of them has waited, and since opening, how many got their turn and how long they waited
   * for it in all (ms): a sample's mean wait is the difference of two readings.
   */
  sessionQueue?(): { waiting: number; oldestWaitMs: number; started: number; waitedMs: number };
  close(): Promise<void>;
}

export type JobsConnection = { url: string } | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../drizzle');

const SCOPED = Symbol('shala.scopedHandle');

/**
 * Runs reads at once on a scoped handle (on PostgreSQL each on a connection of its own: one round
 * trip's wait for all), one after another on a transaction, whose one connection runs one statement
 * at a time (node-postgres' queue for a second is deprecated and gone in pg 9; db/postgres.ts warns).
 * Each read is a function, so that none starts before its turn.
 */
export async function allOf<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: DbOrTx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Answers = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if ((db as unknown as Record<symbol, boolean>)[SCOPED]) return (await Promise.all(reads.map((read) => read()))) as Answers;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers;
}

/** Keeps one handle per scope: a handful of schools per node, bounded all the same. */
export function scopeCache(make: (scope: Scope) => Db): (scope: Scope) => Db {
  const cache = new Map<Scope, Db>();
  return (scope) => {
    let db = cache.get(scope);
    if (!db) {
      if (cache.size >= 10_000) cache.clear();
      db = make(checkScope(scope));
      // Statements of a scoped handle may run on different connections: a transaction must come
      // from Database.transaction(scope, fn), which holds one connection.
      db.transaction = () => {
        throw new Error('use Database.transaction(scope, fn) for a transaction');
      };
      (db as unknown as Record<symbol, boolean>)[SCOPED] = true;
      cache.set(scope, db);
    }
    return db;
  };
}
