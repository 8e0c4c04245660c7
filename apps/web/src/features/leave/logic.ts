import type { LeaveStatus, StudentLeave, StudentLeaveInput, StudentLeaveReason } from '@shala/contract';

/** The ask form's values: '' until chosen. */
export interface AskValues {
  studentId: string;
  fromDate: string;
  toDate: string;
  reason: '' | StudentLeaveReason;
  note: string;
}

/** The body of a request, as the contract wants it. */
export const askBody = (v: AskValues, file: string | null): StudentLeaveInput => ({
  studentId: v.studentId,
  fromDate: v.fromDate,
  toDate: v.toDate,
  reason: v.reason as StudentLeaveReason,
  note: v.note.trim() || null,
  file,
});

/** A day `n` days after (before, when negative) an ISO day. */
export const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Pending first, then as the server ordered them (newest first). */
export const pendingFirst = (items: readonly StudentLeave[]): StudentLeave[] => [...items.filter((l) => l.status === 'pending'), ...items.filter((l) => l.status !== 'pending')];

/** The list's filter in the address (`?status=`): pending unless another status or `all` is asked. */
export const FILTERS = ['pending', 'approved', 'declined', 'cancelled', 'all'] as const;
export type Filter = (typeof FILTERS)[number];
export const filterOf = (asked: string | null): Filter => (FILTERS as readonly string[]).includes(asked ?? '') ? (asked as Filter) : 'pending';
export const statusOf = (f: Filter): LeaveStatus | null => (f === 'all' ? null : f);

/** Images (a phone offers its camera) and PDF: a photo of a note or a medical certificate. */
export const LEAVE_FILE_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp,application/pdf,.pdf';
export const LEAVE_FILE_TYPES = 'JPG, PNG, WEBP, PDF';
