import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOf, PLATFORM } from '../src/db/client.js';
import { CONCURRENT_QUERY_WARNING } from '../src/db/postgres.js';
import { setupApp, type TestEnv } from './helpers.js';

/**
 * A transaction's one connection runs one statement at a time (pg 9 refuses a second: node-postgres
 * warns of it today): `allOf` takes a transaction's reads in turn and a scoped handle's at once, and
 * on PostgreSQL a Promise.all over a transaction gives the warning every test file fails on
 * (test/no-concurrent-queries.ts).
 */
let env: TestEnv;
beforeAll(async () => {
  env = await setupApp();
});
afterAll(() => env.close());

const traced = (log: string[]) => (name: string, db: Parameters<typeof allOf>[0]) => async () => {
  log.push(`start ${name}`);
  await db.execute(sql`select 1`);
  log.push(`end ${name}`);
  return name;
};

describe('one statement at a time on a transaction', () => {
  it('allOf: in turn in a transaction, at once on a scoped handle', async () => {
    const inTx: string[] = [];
    const answers = await env.database.transaction(PLATFORM, (tx) => allOf(tx, [traced(inTx)('a', tx), traced(inTx)('b', tx)]));
    expect(answers).toEqual(['a', 'b']);
    expect(inTx).toEqual(['start a', 'end a', 'start b', 'end b']);

    const scoped: string[] = [];
    const db = env.database.scoped(PLATFORM);
    await allOf(db, [traced(scoped)('a', db), traced(scoped)('b', db)]);
    expect(scoped.slice(0, 2)).toEqual(['start a', 'start b']);
  });

  it('warns of two statements at once in a transaction on PostgreSQL', async () => {
    const warned: string[] = [];
    const listen = (w: Error & { code?: string }) => {
      if (w.code === CONCURRENT_QUERY_WARNING) warned.push(w.message);
    };
    process.on('warning', listen);
    try {
      await env.database.transaction(PLATFORM, (tx) => Promise.all([tx.execute(sql`select 1`), tx.execute(sql`select 2`)]));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    // The embedded database is one session whose line serves a transaction's statements in turn.
    expect(warned.length).toBe(env.database.kind === 'postgres' ? 1 : 0);
    // This test's own warning is not a failure of the file.
    const store = (globalThis as unknown as Record<symbol, string[] | undefined>)[Symbol.for('shala.concurrentQueries')];
    store?.splice(0);
  });
});
