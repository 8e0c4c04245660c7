import { localeOf } from '../../lib/format';
import { now as clockNow } from '../../api/clock';

/**
 * Month arithmetic of the calendar screens, on `YYYY-MM` and `YYYY-MM-DD` strings (school-local
 * dates, no time zone involved): the grid of weeks (Monday first), the next and previous month,
 * and the names of weekdays and months in the reader's language.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const utc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** Today on this device as `YYYY-MM-DD`. */
export function todayLocal(now = clockNow()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The month `delta` months after `month` (`YYYY-MM`). */
export function shiftMonth(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(utc(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The month's dates in weeks of seven, Monday first; days of the months around it are null. */
export function monthWeeks<T extends { date: string }>(days: readonly T[]): (T | null)[][] {
  if (days.length === 0) return [];
  const cells: (T | null)[] = [...Array<null>(isoWeekday(days[0]!.date) - 1).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** The month to open first (the contract's, which the dashboard's one answer also follows). */
export { initialMonth } from '@shala/contract';


/** Weekday names Monday … Sunday, short and long. */
export function weekdayNames(language: string): { short: string; long: string }[] {
  const short = new Intl.DateTimeFormat(localeOf(language), { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(localeOf(language), { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, i) => ({ short: short.format(Date.UTC(2024, 0, 1 + i)), long: long.format(Date.UTC(2024, 0, 1 + i)) }));
}

/** "November 2026" / "नवंबर 2026". */
export function monthTitle(month: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(`${month}-01`));
}

/** "Sunday, 8 November 2026" / "रविवार, 8 नवंबर 2026". */
export function longDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(date));
}

/** "8 Nov 2026". */
export function shortDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(utc(date));
}
