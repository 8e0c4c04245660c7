import { describe, expect, it } from 'vitest';
import { initialMonth, isoWeekday, longDate, monthTitle, monthWeeks, shiftMonth, todayLocal, weekdayNames } from './month';

const daysOf = (month: string, n: number) => Array.from({ length: n }, (_, i) => ({ date: `${month}-${String(i + 1).padStart(2, '0')}` }));

describe('month arithmetic', () => {
  it('moves across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-11', -11)).toBe('2025-12');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
  });

  it('lays a month out in weeks, Monday first, blanks around it', () => {
    // November 2026 starts on a Sunday: six blanks first; 30 days end on a Monday.
    expect(isoWeekday('2026-11-01')).toBe(7);
    const weeks = monthWeeks(daysOf('2026-11', 30));
    expect(weeks).toHaveLength(6);
    expect(weeks[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]![6]).toEqual({ date: '2026-11-01' });
    expect(weeks[5]![0]).toEqual({ date: '2026-11-30' });
    expect(weeks[5]!.slice(1)).toEqual([null, null, null, null, null, null]);
    // February 2027 starts on a Monday and fills four weeks exactly.
    expect(monthWeeks(daysOf('2027-02', 28)).map((w) => w.length)).toEqual([7, 7, 7, 7]);
    expect(monthWeeks([])).toEqual([]);
  });

  it('opens on today’s month inside the session, else the session’s nearest end', () => {
    const session = { startDate: '2026-04-01', endDate: '2027-03-31' };
    expect(initialMonth('2026-11-22', session)).toBe('2026-11');
    expect(initialMonth('2027-06-02', session)).toBe('2027-03');
    expect(initialMonth('2026-01-02', session)).toBe('2026-04');
    expect(initialMonth('2026-01-02', null)).toBe('2026-01');
    expect(todayLocal(new Date(2026, 10, 22, 0, 30))).toBe('2026-11-22');
  });

  it('names weekdays and months in the reader’s language', () => {
    expect(weekdayNames('en').map((d) => d.long)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(weekdayNames('hi')[0]!.long).toBe('सोमवार');
    expect(monthTitle('2026-11', 'en')).toBe('November 2026');
    expect(monthTitle('2026-11', 'hi')).toContain('नवंबर');
    expect(longDate('2026-11-08', 'en')).toBe('Sunday, 8 November 2026');
  });
});
