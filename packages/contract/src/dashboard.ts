import { z } from 'zod';
import { profile } from './account.js';
import { studentClassView } from './academics.js';
import { classWork } from './classwork.js';
import { pageOf } from './envelope.js';
import { feeSummary, studentFees } from './fees.js';
import { notice } from './notices.js';
import { notificationPage } from './notifications.js';
import { personSummary } from './people.js';
import { attendanceSummary, calendarMonth } from './schoolday.js';
import { academicSession } from './sessions.js';
import { COUNT_KEYS } from './routes.js';
import { substitutionCover } from './substitutions.js';

/** Counts of spec section 1; only those relevant to the caller's role are present. */
export const dashboardCounts = z.object({
  counts: z.partialRecord(z.enum(COUNT_KEYS), z.number().int().nonnegative()),
});
export type DashboardCounts = z.infer<typeof dashboardCounts>;

/** The session whose classes are counted (the header's picker); the current session when absent. */
export const dashboardQuery = z.object({ sessionId: z.uuid().optional() });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/**
 * A parent's dashboard, child first: each child's class, today's daywise mark (null: not marked),
 * the next unpaid instalment of the session, and the latest notice for parents.
 */
export const parentDashboard = z.object({
  date: z.string(),
  children: z.array(
    z.object({
      studentId: z.uuid(),
      fullName: z.string(),
      className: z.string().nullable(),
      section: z.string().nullable(),
      today: z.enum(['present', 'absent', 'late', 'leave']).nullable(),
      /** Paise. */
      nextFee: z.object({ amount: z.number().int(), dueDate: z.string() }).nullable(),
    }),
  ),
  latestNotice: z.object({ id: z.uuid(), title: z.string(), date: z.string() }).nullable(),
});
export type ParentDashboard = z.infer<typeof parentDashboard>;


/** The session picked in the header (stored by the browser); the answer's `sessionId` says which one it is of. */
export const dashboardHomeQuery = z.object({ sessionId: z.uuid().optional() });
export type DashboardHomeQuery = z.infer<typeof dashboardHomeQuery>;

/** What every landing page shows: the header's profile, the bell, the session picker's sessions. */
const homeBase = {
  profile,
  /** The bell: the first page of the caller's notifications with the unread count (GET /api/notifications). */
  notifications: notificationPage,
  /** The school's sessions, newest first (GET /api/school/session; empty for the platform owner). */
  sessions: z.array(academicSession),
  /** The session the figures are of: the one asked for when it is the school's, else the current one (`pickSession`); null when the school has none. */
  sessionId: z.uuid().nullable(),
};

/** The cards of the school day, below the numbers (every role of a school). */
const schoolDay = {
  /** The notice board's first page (GET /api/school/noticeboard/board, `DASHBOARD_PAGES.board`). */
  board: pageOf(notice),
  /** Today's attendance (GET /api/school/attendance/summary of the session). */
  attendance: attendanceSummary,
};

/** A month of the calendar card (GET /api/school/calendar/:monthId): the month the card opens on (`initialMonth`); null when that route refuses. */
const calendar = calendarMonth.nullable();

/**
 * A student's cards on a parent's or the student's own dashboard, each what its own route answers
 * for the session (null where that route refuses, or with no session): its class (GET
 * /api/school/studentclass/:userId), its class's latest work (GET
 * /api/school/class/work/class/:assignClassId, `DASHBOARD_PAGES.classWork`; null without a class)
 * and its fees (GET /api/school/feerecord/emi/student/:studentId/:sessionId).
 */
export const dashboardStudentCards = z.object({
  studentId: z.uuid(),
  studentClass: studentClassView.nullable(),
  classWork: pageOf(classWork).nullable(),
  fees: studentFees.nullable(),
});
export type DashboardStudentCards = z.infer<typeof dashboardStudentCards>;

/**
 * Everything a role's landing page shows, in one answer (issue 41: one call, not ten, on a slow
 * phone): the counts, the school day's cards, the dues, the notices and the bell, each part what
 * its own route answers for the same caller and session. Shaped by `kind`: the platform owner's
 * counts; the admins' (system admin, principal) with the fees at a glance; a teacher's (its own
 * classes); a parent's children first, each with its calendar, class work and fees; a student's
 * own.
 */
export const dashboardHome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('platform'), ...homeBase, counts: dashboardCounts.shape.counts }),
  z.object({
    kind: z.literal('admin'),
    ...homeBase,
    counts: dashboardCounts.shape.counts,
    ...schoolDay,
    calendar,
    /** The fees at a glance (GET /api/school/feesummary of the session; null with no session). */
    fees: feeSummary.nullable(),
  }),
  z.object({
    kind: z.literal('teacher'),
    ...homeBase,
    counts: dashboardCounts.shape.counts,
    ...schoolDay,
    calendar,
    /** Today's extra periods: the classes it covers for a colleague away (GET /api/school/substitutions/mine, today's). */
    covers: z.array(substitutionCover),
  }),
  z.object({
    kind: z.literal('parent'),
    ...homeBase,
    /** The children's cards (GET /api/dashboard/children). */
    children: parentDashboard,
    /** The parent's own children (GET /api/parent/children). */
    myChildren: z.array(personSummary),
    ...schoolDay,
    /** Each child's calendar, for the children of the attendance card. */
    calendars: z.array(z.object({ studentId: z.uuid(), month: calendar })),
    /** Each of `myChildren`'s cards (none with no session). */
    students: z.array(dashboardStudentCards),
  }),
  z.object({
    kind: z.literal('student'),
    ...homeBase,
    counts: dashboardCounts.shape.counts,
    ...schoolDay,
    /** The student's own calendar. */
    calendar,
    /** The student's own cards (null with no session). */
    student: dashboardStudentCards.nullable(),
  }),
]);
export type DashboardHome = z.infer<typeof dashboardHome>;
export type DashboardHomeKind = DashboardHome['kind'];
