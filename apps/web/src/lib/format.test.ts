import { describe, expect, it } from 'vitest';
import { formatDateFor } from '@shala/contract';
import { formatDate, formatFor, formatInstant, localeOf, parseDate } from './format';

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

  it('writes whole numbers as NumberFormat does in both languages, without making one', () => {
    const samples = [0, -0, 7, -7, 42, 999, 1000, -1000, 12345, 123456, 1234567, -98765432, 100000000, Number.MAX_SAFE_INTEGER, 2.5, -0.125, 1e21];
    for (const language of ['en', 'hi']) {
      const fmt = formatFor(language);
      const intl = new Intl.NumberFormat(localeOf(language));
      for (const n of samples) expect(fmt.number(n), `${language} ${n}`).toBe(intl.format(n));
    }
  });
});

describe('an instant', () => {
  it('reads as the time at the school, whatever zone the device is set to', () => {
    // 04:32 UTC is 10:02 in India; at 20:00 UTC the school is already on the next day.
    expect(formatInstant('2026-11-26T04:32:00Z', 'en')).toMatch(/^26 Nov 2026, 10:02\s?am$/);
    expect(formatDate('2026-11-26T20:00:00Z', 'en')).toBe('27 Nov 2026');
    // Hindi names the part of the day before the time, as a Hindi sentence reads it (not "10:02 am").
    expect(formatFor('hi').dateTime('2026-11-26T04:32:00Z')).toBe('26 नव॰ 2026, सुबह 10:02');
    expect(formatFor('hi').time('2026-11-26T12:35:00Z')).toBe('शाम 6:05');
    expect(formatFor('hi').dateTime('2026-11-26T04:32:00Z')).not.toMatch(/am|pm/i);
    expect(formatFor('en').time('2026-11-26T12:35:00Z')).toMatch(/^6:05\s?pm$/);
    expect(formatInstant('soon', 'en')).toBe('soon');
  });
});

describe('the one date format of a language', () => {
  it('is day first with a short month, in Hindi month names in Hindi, on the web as in the contract', () => {
    expect(formatDateFor('en', '2026-11-26')).toBe('26 Nov 2026');
    expect(formatDateFor('hi', '2026-11-26')).toBe('26 नव॰ 2026');
    expect(formatDateFor('hi', '2026-03-05T22:30:00Z')).toBe('5 मार्च 2026');
    expect(formatDateFor('en', '')).toBe('');
    expect(formatDateFor('en', 'soon')).toBe('soon');
    expect(formatDate('2026-11-26', 'hi')).toBe('26 नव॰ 2026');
    expect(formatFor('hi').date('2026-01-09')).toBe('9 जन॰ 2026');
  });

  it('reads back what it shows, day-first digits and YYYY-MM-DD; null until a whole real date', () => {
    for (const lang of ['en', 'hi']) {
      for (const day of ['2026-11-26', '2027-01-01', '2024-02-29', '2026-05-31']) expect(parseDate(formatDateFor(lang, day), lang)).toBe(day);
    }
    expect(parseDate('26 November 2026', 'en')).toBe('2026-11-26');
    expect(parseDate('26 nov. 2026', 'en')).toBe('2026-11-26');
    expect(parseDate('26 नवंबर 2026', 'hi')).toBe('2026-11-26');
    expect(parseDate('26 Nov 2026', 'hi')).toBe('2026-11-26');
    expect(parseDate('26/11/2026', 'en')).toBe('2026-11-26');
    expect(parseDate('5-3-2026', 'hi')).toBe('2026-03-05');
    expect(parseDate(' 2026-11-26 ', 'en')).toBe('2026-11-26');
    for (const bad of ['', '26/11', '26 Nov', '31/11/2026', '2026-02-30', '26 Foo 2026', '11/26/2026']) expect(parseDate(bad, 'en')).toBeNull();
  });
});
