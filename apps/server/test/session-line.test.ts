import { describe, expect, it } from 'vitest';
import { sessionLine } from '../src/db/session-line.js';

/**
 * The embedded database's one session (db/session-line.ts): turns never overlap, and a read sent
 * during a burst of writes waits for one of them, not for all (the reads of a class's month once
 * waited behind every class assignment of a burst, and were shed after it).
 */
const turnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the embedded database session line', () => {
  it('serves single statements and transactions in turn, one at a time, in each line\'s order', async () => {
    const line = sessionLine();
    const order: string[] = [];
    let running = 0;
    let overlapped = false;
    const work = (name: string, steps: number) => async () => {
      overlapped ||= running > 0;
      running++;
      for (let i = 0; i < steps; i++) await turnOfTheLoop();
      running--;
      order.push(name);
      if (name === 'w2') throw new Error('a failed transaction gives its turn back');
      return name;
    };
    const writes = ['w1', 'w2', 'w3', 'w4'].map((name) => line.run('transaction', work(name, 3)));
    const reads = ['r1', 'r2'].map((name) => line.run('statement', work(name, 1)));
    expect(line.stats().waiting).toBe(6);
    const settled = await Promise.allSettled([...writes, ...reads]);
    expect(order).toEqual(['w1', 'r1', 'w2', 'r2', 'w3', 'w4']);
    expect(overlapped).toBe(false);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(line.stats()).toMatchObject({ waiting: 0, oldestWaitMs: 0, started: 6 });
  });
});
