import { describe, expect, it } from 'vitest';
import { formatDate, formatFor, localeOf } from './format';

describe('formatFor', () => {
  it('formats in English and Hindi with Indian grouping', () => {
    const en = formatFor('en');
    const hi = formatFor('hi');
    expect(localeOf('hi')).toBe('hi-IN');
    expect(en.number(1234567)).toBe('12,34,567');
    expect(hi.number(1234567)).toBe(new Intl.NumberFormat('hi-IN').format(1234567));
    expect(en.number(12.345, { maximumFractionDigits: 1 })).toBe('12.3');
    expect(en.date('2026-11-08')).toBe('8 Nov 2026');
    expect(en.date('2026-11-08')).toBe(formatDate('2026-11-08', 'en'));
    expect(en.date(null)).toBe('');
    expect(en.longDate('2026-11-08')).toBe('Sunday, 8 November 2026');
    expect(en.month('2026-11')).toBe('November 2026');
    expect(en.rupees(1234500)).toBe('₹12,345.00');
    expect(hi.hindi).toBe(true);
    expect(en.hindi).toBe(false);
  });
});
