import type { LeaveHalf, LeaveStatus, LeaveType, StaffLeave, StaffLeaveInput } from '@shala/contract';

/** A type's name in the reader's language (its Hindi name where it has one). */
export const typeNameOf = (t: { name: string; nameHi: string | null }, hindi: boolean) => (hindi && t.nameHi ? t.nameHi : t.name);

/** Calendar days of a range, both ends counted (0 when unreadable or reversed). */
export function rangeDays(from: string, to: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || to < from) return 0;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whether a half day may be chosen: a one-day leave of a type that allows it. */
export const halfDayOffered = (type: Pick<LeaveType, 'halfDayAllowed'> | undefined, from: string, to: string) => !!type?.halfDayAllowed && !!from && from === to;

/** Whether a document is needed: a range longer than the type's documentAfterDays (the server counts school days: it decides). */
export const documentNeeded = (type: Pick<LeaveType, 'documentAfterDays'> | undefined, from: string, to: string) =>
  !!type && type.documentAfterDays !== null && rangeDays(from, to) > type.documentAfterDays;

export interface ApplyValues {
  leaveTypeId: string;
  fromDate: string;
  toDate: string;
  /** '' a whole day; else the half. */
  half: '' | LeaveHalf;
  reason: string;
}

/** The body of an application, as the contract wants it. */
export function applyBody(v: ApplyValues, type: LeaveType | undefined, file: string | null): StaffLeaveInput {
  return {
    leaveTypeId: v.leaveTypeId,
    fromDate: v.fromDate,
    toDate: v.toDate,
    half: v.half && halfDayOffered(type, v.fromDate, v.toDate) ? v.half : null,
    reason: v.reason.trim(),
    file,
  };
}

export const LEAVE_STATUS_COLOR: Record<LeaveStatus, string> = { pending: 'yellow', approved: 'green', declined: 'red', cancelled: 'gray' };

/** Pending first, then as the server ordered them (newest first). */
export function pendingFirst(items: readonly StaffLeave[]): StaffLeave[] {
  return [...items.filter((l) => l.status === 'pending'), ...items.filter((l) => l.status !== 'pending')];
}

/** A number of days in halves for people (1.5). */
export const daysText = (n: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
