import { describe, expect, it } from 'vitest';
import { StoredReads } from '../src/db/versions.js';

/** A node's copies of a stored read (db/versions.ts): one computation per version, bounded memory. */
describe('StoredReads', () => {
  it('computes once per version, shares a computation in flight, and drops the least recently used past its bounds', async () => {
    let runs = 0;
    const reads = new StoredReads<string>({ maxEntries: 2, maxBytes: 10, sizeOf: (v) => v.length });
    const compute = (value: string) => async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 5));
      return value;
    };
    // Three readers at once of the same version: one computation.
    expect(await Promise.all([1, 2, 3].map(() => reads.get('a', 'v1', compute('aaa'))))).toEqual(['aaa', 'aaa', 'aaa']);
    expect(runs).toBe(1);
    expect(await reads.get('a', 'v1', compute('never'))).toBe('aaa');
    // A new version is computed again and replaces the copy.
    expect(await reads.get('a', 'v2', compute('AAA'))).toBe('AAA');
    expect(runs).toBe(2);
    await reads.get('b', 'v1', compute('bbb'));
    await reads.get('a', 'v2', compute('never'));
    // A third key passes maxEntries: b, the least recently used, goes.
    await reads.get('c', 'v1', compute('ccc'));
    expect(reads.size).toBe(2);
    expect(await reads.get('b', 'v1', compute('BBB'))).toBe('BBB');
    // Bytes: a value bigger than the bound is answered, not kept; one that passes it evicts others.
    expect(await reads.get('big', 'v1', compute('x'.repeat(11)))).toHaveLength(11);
    expect(await reads.get('big', 'v1', compute('y'.repeat(11)))).toBe('y'.repeat(11));
    await reads.get('d', 'v1', compute('dddddddd'));
    expect(reads.size).toBe(1);
  });

  it('keeps nothing when the computation fails', async () => {
    const reads = new StoredReads<string>({ maxEntries: 2 });
    await expect(reads.get('a', 'v1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.get('a', 'v1', async () => 'up')).toBe('up');
  });
});
