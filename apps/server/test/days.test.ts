import { describe, expect, it } from 'vitest';
import { addDays, dayKind, daysBetween, isoWeekday, localDate, monthDates, type DayRules } from '../src/modules/calendar/days.js';

// The pure date rules every school-day screen reads: school-local dates, weekdays, months and the
// kind of a day.

describe('school-local dates', () => {
  it('puts an instant at 00:30 IST on that IST date, not the UTC one', () => {
    const at = new Date('2026-11-21T19:00:00Z'); // 00:30 on 22 November in India
    expect(localDate('Asia/Kolkata', at)).toBe('2026-11-22');
    expect(localDate('UTC', at)).toBe('2026-11-21');
    // A minute before midnight IST is still the day before.
    expect(localDate('Asia/Kolkata', new Date('2026-11-21T18:29:00Z'))).toBe('2026-11-21');
  });

  it('numbers weekdays the ISO way: Monday 1 … Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-28')).toBe(6);
    expect(isoWeekday('2028-02-29')).toBe(2);
  });

  it('lists every date of a month, February with 29 days in a leap year', () => {
    const feb = monthDates('2028-02');
    expect(feb).toHaveLength(29);
    expect(feb[0]).toBe('2028-02-01');
    expect(feb.at(-1)).toBe('2028-02-29');
    expect(monthDates('2027-02')).toHaveLength(28);
    expect(monthDates('2100-02')).toHaveLength(28); // a century not divisible by 400
    expect(monthDates('2026-12').at(-1)).toBe('2026-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-11-08', '2026-11-10')).toBe(3);
  });
});

describe('the kind of a day', () => {
  const rules = (over: Partial<DayRules> = {}): DayRules => ({
    timeZone: 'Asia/Kolkata',
    today: '2026-11-22',
    sundayWorking: false,
    session: { id: 's', label: '2026-27', startDate: '2026-04-01', endDate: '2027-03-31' },
    holidays: [{ holidayId: 'h', title: 'Diwali', startDate: '2026-11-08', endDate: '2026-11-10' }],
    ...over,
  });

  it('a school day, a weekly off (Sunday unless the school works then), a holiday with its title', () => {
    expect(dayKind(rules(), '2026-11-20')).toEqual({ kind: 'school', holiday: null });
    expect(dayKind(rules(), '2026-11-15').kind).toBe('weekly_off');
    expect(dayKind(rules({ sundayWorking: true }), '2026-11-15').kind).toBe('school');
    const diwali = dayKind(rules(), '2026-11-09');
    expect(diwali.kind).toBe('holiday');
    expect(diwali.holiday?.title).toBe('Diwali');
  });

  it('a holiday beats a weekly off; outside the session beats everything; later than today is future', () => {
    // 2026-11-08 is a Sunday inside the holiday.
    expect(isoWeekday('2026-11-08')).toBe(7);
    expect(dayKind(rules(), '2026-11-08').kind).toBe('holiday');
    expect(dayKind(rules(), '2026-03-31').kind).toBe('outside_session');
    expect(dayKind(rules(), '2027-04-01').kind).toBe('outside_session');
    expect(dayKind(rules({ holidays: [{ holidayId: 'x', title: 'Old', startDate: '2026-03-30', endDate: '2026-04-02' }] }), '2026-03-31').kind).toBe(
      'outside_session',
    );
    expect(dayKind(rules(), '2026-11-22').kind).toBe('weekly_off'); // today, a Sunday
    expect(dayKind(rules(), '2026-11-21').kind).toBe('school'); // yesterday, a Saturday
    expect(dayKind(rules(), '2026-11-23').kind).toBe('future');
    expect(dayKind(rules(), '2026-11-29').kind).toBe('weekly_off'); // a future Sunday stays a weekly off
  });
});
