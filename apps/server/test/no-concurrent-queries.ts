import { afterAll } from 'vitest';
import { CONCURRENT_QUERY_WARNING } from '../src/db/postgres.js';

/**
 * Every server test file fails when a transaction was asked two statements at once (our warning,
 * src/db/postgres.ts) or node-postgres warned of a query on a busy client: pg 9 refuses both. One
 * listener per worker process (files share it: vitest.config.ts `isolate: false`).
 */
const key = Symbol.for('shala.concurrentQueries');
const store = globalThis as unknown as Record<symbol, string[] | undefined>;
const seen: string[] =
  store[key] ??
  (store[key] = (() => {
    const list: string[] = [];
    process.on('warning', (warning: Error & { code?: string; detail?: string }) => {
      if (warning.code === CONCURRENT_QUERY_WARNING || /already executing a query/.test(warning.message)) {
        list.push(`${warning.message}\n${warning.detail ?? warning.stack ?? ''}`);
      }
    });
    return list;
  })());

afterAll(() => {
  const found = seen.splice(0);
  if (found.length > 0) throw new Error(`two statements at once on one connection:\n${found.join('\n\n')}`);
});
