import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { attachedFile, storedFileName } from './files.js';
import { LEAVE_STATUSES } from './staff-leave.js';
import { dateIn, optionalText } from './text.js';

/**
 * Leave asked by parents (issue 43): a parent asks for a child's leave (from–to, a reason, a note,
 * an optional file such as a medical certificate, uploaded first as class work's); the child's class
 * teacher decides (`/leaverequests`), the principal too. Approved days open as "On leave" in the
 * marking list before a save (`attendanceDay`'s `leave`), and a day already saved is changed to
 * `leave` by the approval in one statement, logged as from the request. School duty counts as
 * present. Cancelling before the first day takes it back. `leave` never raises an absence alert.
 *
 * Days are the school days of the range (`dayKind`: holidays and weekly offs do not count).
 */

export const STUDENT_LEAVE_REASONS = ['illness', 'family', 'function', 'travel', 'school_duty'] as const;
export type StudentLeaveReason = (typeof STUDENT_LEAVE_REASONS)[number];

/** A request may start at most `daysBack` days before the school's today and at most `daysAhead` after it; a range is at most `days` long. */
export const STUDENT_LEAVE_LIMITS = { note: 500, comment: 300, daysBack: 7, daysAhead: 60, days: 60 } as const;

/**
 * A parent's request for its own child (another child: 404). Refused with its reason: a range with
 * no school day 409 `no_working_days`; overlapping the child's pending or approved leave 409
 * `leave_overlap` (an exclusion constraint); a first day more than 7 days back 400
 * `leave_too_old`, more than 60 days ahead 400 `leave_too_far` (both on `fromDate`, by the
 * school's today).
 */
export const studentLeaveInput = z
  .object({
    studentId: z.uuid(),
    fromDate: dateIn('2000-01-01', '2100-12-31'),
    toDate: dateIn('2000-01-01', '2100-12-31'),
    reason: z.enum(STUDENT_LEAVE_REASONS),
    note: optionalText(STUDENT_LEAVE_LIMITS.note, { multiline: true }),
    file: storedFileName.nullish(),
  })
  .refine((v) => v.toDate >= v.fromDate, { path: ['toDate'], message: 'The last day cannot be before the first', params: { code: 'to_before_from' } });
export type StudentLeaveInput = z.infer<typeof studentLeaveInput>;

export const studentLeave = z.object({
  leaveId: z.uuid(),
  studentId: z.uuid(),
  studentName: z.string(),
  /** The child's class in the request's session (null once it has none). */
  class: z.object({ assignClassId: z.uuid(), masterClass: z.string(), className: z.string(), section: z.string() }).nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  /** School days of the range. */
  days: z.number().int().nonnegative(),
  reason: z.enum(STUDENT_LEAVE_REASONS),
  note: z.string().nullable(),
  file: attachedFile.nullable(),
  status: z.enum(LEAVE_STATUSES),
  /** The parent who asked. */
  requestedByName: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  comment: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The caller may cancel it: its parent (or the principal), pending, or approved before its first day. */
  canCancel: z.boolean(),
  /** The caller may approve or decline it: the child's class teacher or the principal, while pending. */
  canDecide: z.boolean(),
});
export type StudentLeave = z.infer<typeof studentLeave>;

/**
 * Requests, pending first then newest: a parent's children's; a teacher's classes' (those it is
 * class teacher of); the principal's and the system admin's whole school (paginated).
 */
export const studentLeaveQuery = pageQuery.extend({
  status: z.enum(LEAVE_STATUSES).optional(),
  studentId: z.uuid().optional(),
  assignClassId: z.uuid().optional(),
});
export type StudentLeaveQuery = z.infer<typeof studentLeaveQuery>;

export const studentLeaveParams = z.object({ leaveId: z.uuid() });

/** Approve or decline a pending request with a comment (409 `leave_decided` once decided). */
export const studentLeaveDecision = z.object({
  decision: z.enum(['approve', 'decline']),
  comment: optionalText(STUDENT_LEAVE_LIMITS.comment),
});
export type StudentLeaveDecision = z.infer<typeof studentLeaveDecision>;

/** Cancelling: a pending request any time; an approved one before its first day (409 `leave_started`), which removes its days. */
export const studentLeaveCancel = z.object({ comment: optionalText(STUDENT_LEAVE_LIMITS.comment) });
export type StudentLeaveCancel = z.infer<typeof studentLeaveCancel>;

/** An approved request's mark on a day of the marking list: `leave`, or `present` for school duty. */
export const leaveMark = (reason: StudentLeaveReason): 'leave' | 'present' => (reason === 'school_duty' ? 'present' : 'leave');
