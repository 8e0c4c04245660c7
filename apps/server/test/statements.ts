import type { Db, Tx } from '../src/db/client.js';
import type { TestEnv } from './helpers.js';

/**
 * Counts the SQL statements the app sends for a school while `work` runs: in its transactions and
 * through its scoped handle (the driver's `query`, PGlite's and node-postgres's alike).
 */
export async function countStatements<T>(env: TestEnv, schoolId: string, work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  let statements = 0;
  type Client = { query: (...args: unknown[]) => unknown };
  const clientOf = (db: Db) => (db as unknown as { _: { session: { client: Client } } })._.session.client;
  const patch = (client: Client) => {
    const own = Object.prototype.hasOwnProperty.call(client, 'query');
    const original = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      statements++;
      return original.apply(this, args);
    };
    return () => {
      if (own) client.query = original;
      else delete (client as Partial<Client>).query;
    };
  };
  const unpatchScoped = patch(clientOf(env.database.scoped(schoolId)));
  const transaction = env.database.transaction;
  env.database.transaction = <R>(scope: string, fn: (tx: Tx) => Promise<R>) =>
    transaction(scope, async (tx) => {
      const unpatch = patch(clientOf(tx));
      try {
        return await fn(tx);
      } finally {
        unpatch();
      }
    });
  try {
    return { result: await work(), statements };
  } finally {
    env.database.transaction = transaction;
    unpatchScoped();
  }
}
