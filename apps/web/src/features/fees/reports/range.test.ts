import { describe, expect, it } from 'vitest';
import { collectionQuery } from '@shala/contract';
import { rangeError, thisMonth } from './range';

const SESSION = '0d9c3a52-6e2b-4f0e-8d3c-1a2b3c4d5e6f';

/** The contract's answer to a period, as the screen's key (null: accepted). */
function contractSays(from: string, to: string): string | null {
  const parsed = collectionQuery.safeParse({ sessionId: SESSION, from, to });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const code = issue.code === 'custom' ? (issue.params as { code?: string } | undefined)?.code : undefined;
  return code === 'end_before_start' || code === 'range_too_long' ? `validation.${code}` : 'validation.date';
}

describe('a report’s period', () => {
  it('is refused on the screen exactly when the contract (the server) refuses it', () => {
    const cases: Array<[string, string, string | null]> = [
      ['2026-11-01', '2026-11-23', null],
      ['2024-01-01', '2024-12-31', null], // a leap year: 366 days
      ['2025-01-01', '2026-01-01', null], // 366 days
      ['2025-01-01', '2026-01-02', 'validation.range_too_long'], // 367
      ['2026-11-23', '2026-11-22', 'validation.end_before_start'],
      ['', '2026-11-22', 'validation.date'],
    ];
    for (const [from, to, expected] of cases) {
      expect(rangeError(from, to), `${from}…${to}`).toBe(expected);
      expect(contractSays(from, to), `${from}…${to}`).toBe(expected);
    }
  });

  it('starts on the first of the school’s month', () => {
    expect(thisMonth('2026-11-23')).toEqual({ from: '2026-11-01', to: '2026-11-23' });
    expect(thisMonth(undefined, new Date(2027, 0, 5))).toEqual({ from: '2027-01-01', to: '2027-01-05' });
  });
});
