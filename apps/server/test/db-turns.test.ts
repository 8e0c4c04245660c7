import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLATFORM } from '../src/db/client.js';
import { setupApp, type TestEnv } from './helpers.js';

/**
 * The embedded PGlite runs statements on the server's own thread. Statements queued together must
 * still leave the event loop turns in between, or a busy server reads no new connection's request
 * until its queue is empty: under `npm run load` such a request waited until the load stopped. On
 * PostgreSQL a statement is I/O and the loop turns anyway; the test runs on both.
 */
let env: TestEnv;
beforeAll(async () => {
  env = await setupApp();
});
afterAll(() => env?.close());

it('lets the event loop turn between statements queued together, so sockets are read while the queue is long', async () => {
  let done = 0;
  const statements = Array.from({ length: 40 }, () => env.db.execute(sql`select pg_sleep(0.001)`).then(() => done++));
  // A macrotask queued after the 40 statements: what a socket's read waits behind.
  const doneWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
  await Promise.all(statements);
  expect(done).toBe(40);
  expect(doneWhenTheLoopTurned).toBeLessThan(40);
});

it('lets the event loop turn between the statements of a transaction, so a burst of writes does not hold it', async () => {
  let steps = 0;
  const writes = Array.from({ length: 4 }, () =>
    env.database.transaction(PLATFORM, async (tx) => {
      for (let i = 0; i < 10; i++) {
        await tx.execute(sql`select pg_sleep(0.001)`);
        steps++;
      }
    }),
  );
  const stepsWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(steps)));
  await Promise.all(writes);
  expect(steps).toBe(40);
  expect(stepsWhenTheLoopTurned).toBeLessThan(40);
});
