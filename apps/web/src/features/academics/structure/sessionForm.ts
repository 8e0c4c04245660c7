import type { AcademicSession } from '@shala/contract';
import { now as clockNow } from '../../../api/clock';

export interface SessionFormValues {
  label: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The label of the academic year starting in `year`: 2026 → 2026-27. */
export function labelOf(year: number): string {
  return `${year}-${pad((year + 1) % 100)}`;
}

/**
 * A new session's suggestion: the year after the latest one, on the same days of the year (April
 * to March by default), so preparing next session is one click.
 */
export function nextSession(sessions: readonly AcademicSession[], today = clockNow()): SessionFormValues {
  const latest = [...sessions].sort((a, b) => b.startDate.localeCompare(a.startDate))[0];
  if (!latest) {
    const year = today.getMonth() >= 3 ? today.getFullYear() : today.getFullYear() - 1;
    return { label: labelOf(year), startDate: `${year}-04-01`, endDate: `${year + 1}-03-31`, isCurrent: false };
  }
  const year = Number(latest.startDate.slice(0, 4)) + 1;
  const shift = (date: string) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    // 29 February moves to the 28th in a common year.
    const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
    return `${y + 1}-${pad(m)}-${pad(Math.min(d, last))}`;
  };
  return { label: labelOf(year), startDate: shift(latest.startDate), endDate: shift(latest.endDate), isCurrent: false };
}

export function sessionValues(session: AcademicSession): SessionFormValues {
  return { label: session.sessionYear, startDate: session.startDate, endDate: session.endDate, isCurrent: session.isCurrent };
}

/** An edit changes label and dates. */
export function updateBody(values: SessionFormValues) {
  return { label: values.label.trim(), startDate: values.startDate, endDate: values.endDate };
}

/** A new session may also be marked current. */
export function createBody(values: SessionFormValues) {
  return { ...updateBody(values), isCurrent: values.isCurrent };
}
