import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { attachedFile, storedFileName } from './files.js';
import { dateIn, optionalText, text } from './text.js';

/**
 * Staff leave (issue 42): leave types per school, each person's balance a session, applications
 * approved or declined by the principal (or a system admin), cancelled before the first day. Leave
 * is for the staff with a sign-in (roles 112–114); a driver's absence is marked on the register.
 *
 * Days are counted in halves: a leave's days are the school days of its range (`dayKind`: holidays
 * and weekly offs do not count), or 0.5 for a half day. Approval moves the balance (`used`) and
 * writes "on leave" on the register for those days, in one transaction; what the balance lacks is
 * leave without pay.
 */

export const LEAVE_LIMITS = { code: 6, name: 60, reason: 500, comment: 300, days: 365 } as const;

/** A day count in halves (0, 0.5, 1, 1.5 …). */
const halfDays = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine((n) => Number.isInteger(n * 2), { message: 'Whole or half days', params: { code: 'half_days' } });

// ---------------------------------------------------------------------------------------------
// Leave types

export const leaveTypeInput = z.object({
  /** Short code printed on the registers: CL, EL, ML, OD. Unique in the school (409 `leave_type_taken`). */
  code: text(LEAVE_LIMITS.code)
    .min(1, 'Required')
    .regex(/^[A-Za-z0-9]+$/, 'Letters and digits'),
  name: text(LEAVE_LIMITS.name).min(1, 'Required'),
  nameHi: optionalText(LEAVE_LIMITS.name),
  /** Days granted each session. */
  daysPerSession: halfDays(LEAVE_LIMITS.days),
  /** At most this many unused days carried into the next session's opening balance. */
  carryForwardMax: halfDays(LEAVE_LIMITS.days).default(0),
  halfDayAllowed: z.boolean().default(true),
  /** A document (a medical certificate) is needed for a leave longer than this many days; null: never. */
  documentAfterDays: z.number().int().min(0).max(LEAVE_LIMITS.days).nullable().default(null),
  active: z.boolean().default(true),
});
export type LeaveTypeInput = z.infer<typeof leaveTypeInput>;

export const leaveType = z.object({
  leaveTypeId: z.uuid(),
  code: z.string(),
  name: z.string(),
  nameHi: z.string().nullable(),
  daysPerSession: z.number(),
  carryForwardMax: z.number(),
  halfDayAllowed: z.boolean(),
  documentAfterDays: z.number().int().nullable(),
  active: z.boolean(),
});
export type LeaveType = z.infer<typeof leaveType>;
export const leaveTypeParams = z.object({ leaveTypeId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Balances

/**
 * A person's balance of a type in a session: opening (carried forward), granted (the type's days a
 * session, unless the office set another), used (approved leave). `available` = opening + granted −
 * used, never below zero (a CHECK in the database). A balance not yet written reads as the type's
 * grant with nothing used.
 */
export const leaveBalance = z.object({
  leaveTypeId: z.uuid(),
  code: z.string(),
  name: z.string(),
  nameHi: z.string().nullable(),
  opening: z.number(),
  granted: z.number(),
  used: z.number(),
  available: z.number(),
});
export type LeaveBalance = z.infer<typeof leaveBalance>;

/** Admins name the person; a teacher reads its own (another id: 404). */
export const leaveBalanceQuery = z.object({ userId: z.uuid().optional() });
export const leaveBalances = z.object({ userId: z.uuid(), fullName: z.string(), sessionId: z.uuid().nullable(), balances: z.array(leaveBalance) });
export type LeaveBalances = z.infer<typeof leaveBalances>;

/** The office sets a person's opening and granted days of a type for the current session (taking over paper registers). */
export const leaveBalanceInput = z.object({ userId: z.uuid(), leaveTypeId: z.uuid(), opening: halfDays(LEAVE_LIMITS.days), granted: halfDays(LEAVE_LIMITS.days) });
export type LeaveBalanceInput = z.infer<typeof leaveBalanceInput>;

// ---------------------------------------------------------------------------------------------
// Applications

export const LEAVE_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** A half day's half: the first (morning) or the second. */
export const LEAVE_HALVES = ['first', 'second'] as const;
export type LeaveHalf = (typeof LEAVE_HALVES)[number];

/**
 * An application: the caller's own leave. A half day is a one-day leave only (400 `half_day_multi`)
 * and only of a type that allows it (400 `half_day_not_allowed`). A range with no school day: 409
 * `no_working_days`; overlapping the caller's own pending or approved leave: 409 `leave_overlap`
 * (an exclusion constraint); longer than the type's `documentAfterDays` without a file: 400
 * `leave_document_needed`. The file is uploaded first (`/api/fileupload/multi`), as class work's.
 */
export const staffLeaveInput = z
  .object({
    leaveTypeId: z.uuid(),
    fromDate: dateIn('2000-01-01', '2100-12-31'),
    toDate: dateIn('2000-01-01', '2100-12-31'),
    half: z.enum(LEAVE_HALVES).nullish(),
    reason: text(LEAVE_LIMITS.reason, { multiline: true }).min(1, 'Required'),
    file: storedFileName.nullish(),
  })
  .refine((v) => v.toDate >= v.fromDate, { path: ['toDate'], message: 'The last day cannot be before the first', params: { code: 'to_before_from' } })
  .refine((v) => !v.half || v.fromDate === v.toDate, { path: ['half'], message: 'A half day is a one-day leave', params: { code: 'half_day_multi' } });
export type StaffLeaveInput = z.infer<typeof staffLeaveInput>;

export const staffLeave = z.object({
  leaveId: z.uuid(),
  userId: z.uuid(),
  fullName: z.string(),
  leaveTypeId: z.uuid(),
  code: z.string(),
  typeName: z.string(),
  typeNameHi: z.string().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  half: z.enum(LEAVE_HALVES).nullable(),
  /** School days of the range (halves). */
  days: z.number(),
  /** Once approved: the days the balance paid, and those without pay. */
  paidDays: z.number().nullable(),
  unpaidDays: z.number().nullable(),
  reason: z.string(),
  file: attachedFile.nullable(),
  status: z.enum(LEAVE_STATUSES),
  decidedByName: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  comment: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** The caller may cancel it (its own, or an admin; pending, or approved before its first day). */
  canCancel: z.boolean(),
  /** The caller may approve or decline it (an admin, pending, not its own). */
  canDecide: z.boolean(),
});
export type StaffLeave = z.infer<typeof staffLeave>;

/** Admins see everyone's (or `mine`); a teacher its own. Newest first; `status` filters. */
export const staffLeaveQuery = pageQuery.extend({
  status: z.enum(LEAVE_STATUSES).optional(),
  mine: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type StaffLeaveQuery = z.infer<typeof staffLeaveQuery>;

export const staffLeaveParams = z.object({ leaveId: z.uuid() });

/** Approve or decline a pending leave (409 `leave_decided` once decided; one's own: 403 `own_leave`). */
export const staffLeaveDecision = z.object({
  decision: z.enum(['approve', 'decline']),
  comment: optionalText(LEAVE_LIMITS.comment),
});
export type StaffLeaveDecision = z.infer<typeof staffLeaveDecision>;

/** Cancelling: a pending leave any time; an approved one before its first day (409 `leave_started`), which gives the days back. */
export const staffLeaveCancel = z.object({ comment: optionalText(LEAVE_LIMITS.comment) });
