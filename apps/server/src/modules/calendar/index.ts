// What other modules use of the calendar: the school's today and the kind of each day
// (school day, holiday, weekly off, outside the session), from days.ts.
export { addDays, dayKind, isoWeekday, loadDayRules, localDate, markRefusal, monthDates, type DayRules } from './days.js';
