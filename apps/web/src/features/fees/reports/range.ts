import { REPORT_DAYS_MAX, daysInclusive } from '@shala/contract';
import { now as clockNow } from '../../../api/clock';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** This month: its first day and today (the school's today when known, else this device's). */
export function thisMonth(schoolToday: string | undefined, now = clockNow()): { from: string; to: string } {
  const today = schoolToday ?? `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * What is wrong with a report's period, as an i18n key, or null: the contract's rule
 * (`collectionQuery`), checked before asking (the server refuses the same with a 400).
 */
export function rangeError(from: string, to: string): string | null {
  if (!ISO.test(from) || !ISO.test(to)) return 'validation.date';
  if (to < from) return 'validation.end_before_start';
  if (daysInclusive(from, to) > REPORT_DAYS_MAX) return 'validation.range_too_long';
  return null;
}
