import { ROLE } from './roles.js';
import { z } from 'zod';
import { pageQuery } from './envelope.js';
import { dateIn, optionalText, text } from './text.js';
import { masterWeek, personRef } from './academics.js';
import { STUDENT_LEAVE_REASONS } from './student-leave.js';

/**
 * The school day (issue 8): periods, timetables, holidays and the calendar, attendance (daywise
 * and periodwise), month views, logs and absence alerts. Dates are school-local `YYYY-MM-DD`
 * (the school's time zone, default Asia/Kolkata); times of day are `HH:MM`.
 */

// ---------------------------------------------------------------------------------------------
// Periods of a session

/** Periods a session may have at most (a long day with breaks). */
export const PERIODS_MAX = 16;
export const TIME_FORMAT_MESSAGE = 'Enter a time as HH:MM';
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_FORMAT_MESSAGE);
/** `HH:MM` as minutes after midnight. */
export const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
/** Minutes after midnight as `HH:MM`. */
export const timeOf = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const endAfterStartTime = (v: { startTime?: string; endTime?: string }) =>
  !v.startTime || !v.endTime || !/^\d\d:\d\d$/.test(v.startTime) || !/^\d\d:\d\d$/.test(v.endTime) || v.endTime > v.startTime;
const END_AFTER_START_TIME = { message: 'The end time must be after the start time', path: ['endTime'], params: { code: 'end_before_start_time' } };

const periodFields = z.object({
  name: text(40).min(1, 'Required'),
  startTime: timeOfDay,
  endTime: timeOfDay,
  /** A break (lunch, assembly): shown in the timetable, never taught, never marked. */
  isBreak: z.boolean().default(false),
});
export const periodInput = periodFields.refine(endAfterStartTime, END_AFTER_START_TIME);
export type PeriodInput = z.infer<typeof periodInput>;
export const periodUpdate = periodFields.partial().refine(endAfterStartTime, END_AFTER_START_TIME);
export type PeriodUpdate = z.infer<typeof periodUpdate>;

/** A period of a session; lists are ordered by start time (periods never overlap). */
export const period = z.object({
  periodId: z.uuid(),
  sessionId: z.uuid(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isBreak: z.boolean(),
});
export type Period = z.infer<typeof period>;
export const periodParams = z.object({ sessionId: z.uuid(), periodId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Timetable of a class: school days × periods, each cell a subject of the class and its teacher

export const weekDay = z.number().int().min(1).max(7);
export const TIMETABLE_CELLS_MAX = 7 * PERIODS_MAX;

export const timetableCellInput = z.object({
  day: weekDay,
  periodId: z.uuid(),
  subjectId: z.uuid(),
  /** The teacher of this cell; absent: the subject's teacher in the class (may be none yet). */
  teacherId: z.uuid().nullish(),
});
/** The whole grid of a class, saved at once (replaces every cell; an empty list clears it). */
export const timetableBody = z.object({ cells: z.array(timetableCellInput).max(TIMETABLE_CELLS_MAX) });
export type TimetableBody = z.infer<typeof timetableBody>;

const subjectRef = z.object({ subjectId: z.uuid(), name: z.string(), masterCode: z.string().nullable() });
const classRef = z.object({ assignClassId: z.uuid(), masterClass: z.string(), className: z.string(), section: z.string() });
export type ClassRef = z.infer<typeof classRef>;

export const timetableCell = z.object({
  day: weekDay,
  periodId: z.uuid(),
  subject: subjectRef,
  teacher: personRef.nullable(),
});
export type TimetableCell = z.infer<typeof timetableCell>;

/** A slot a teacher already fills in another class (the grid shows a clash before saving). */
export const busySlot = z.object({ teacherId: z.uuid(), day: weekDay, periodId: z.uuid(), class: classRef });
export type BusySlot = z.infer<typeof busySlot>;

export const timetableView = z.object({
  class: classRef.extend({ sessionId: z.uuid() }),
  periods: z.array(period),
  /** The school's days of the week (Sunday only when it is a school day). */
  days: z.array(masterWeek),
  cells: z.array(timetableCell),
  /** For the editors (112, 113): the other classes' slots of this class's teachers. Empty for others. */
  busy: z.array(busySlot),
});
export type TimetableView = z.infer<typeof timetableView>;

/** A teacher's week across all its classes. */
export const teacherWeek = z.object({
  teacher: personRef,
  periods: z.array(period),
  days: z.array(masterWeek),
  cells: z.array(z.object({ day: weekDay, periodId: z.uuid(), class: classRef, subject: subjectRef })),
});
export type TeacherWeek = z.infer<typeof teacherWeek>;
export const teacherWeekQuery = z.object({
  sessionId: z.uuid(),
  /** Admins name the teacher; a teacher sees its own week (another id answers 404). */
  teacherId: z.uuid().optional(),
});

// ---------------------------------------------------------------------------------------------
// Holidays and the calendar

export const MONTH_FORMAT_MESSAGE = 'Enter a month as YYYY-MM';
/** `YYYY-MM`, between 2000-01 and 2100-12. */
export const monthId = z
  .string()
  .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, MONTH_FORMAT_MESSAGE);

/** Roles a new holiday can be announced to (a notification to each user of those roles). */
export const NOTIFY_ROLES = [ROLE.SYSTEM_ADMIN, ROLE.PRINCIPAL, ROLE.TEACHER, ROLE.PARENT, ROLE.STUDENT] as const;
export const HOLIDAY_DAYS_MAX = 62;

const holidayFields = z.object({
  title: text(100).min(1, 'Required'),
  description: optionalText(500, { multiline: true }),
  startDate: dateIn('2000-01-01', '2100-12-31'),
  /** The last day of a range; absent or equal to the start: one day. */
  endDate: dateIn('2000-01-01', '2100-12-31').nullish(),
});
const endNotBeforeStart = (v: { startDate?: string; endDate?: string | null }) => !v.startDate || !v.endDate || v.endDate >= v.startDate;
const END_NOT_BEFORE_START = { message: 'The last day cannot be before the first', path: ['endDate'], params: { code: 'end_before_start' } };

export const holidayInput = holidayFields
  .extend({
    sessionId: z.uuid(),
    notifyRoles: z.array(z.literal(NOTIFY_ROLES)).max(NOTIFY_ROLES.length).default([]),
  })
  .refine(endNotBeforeStart, END_NOT_BEFORE_START);
export type HolidayInput = z.infer<typeof holidayInput>;
export const holidayUpdate = holidayFields.partial().refine(endNotBeforeStart, END_NOT_BEFORE_START);
export type HolidayUpdate = z.infer<typeof holidayUpdate>;

export const holiday = z.object({
  holidayId: z.uuid(),
  sessionId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int().positive(),
  createdAt: z.iso.datetime(),
});
export type Holiday = z.infer<typeof holiday>;
export const holidayParams = z.object({ holidayId: z.uuid() });
/** Holidays of a session by date (upcoming first with `upcoming`), paginated. */
export const holidayListQuery = pageQuery.extend({
  upcoming: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const holidayNoticeQuery = z.object({ sessionId: z.uuid().optional() });

export const DAY_KINDS = ['school', 'holiday', 'weekly_off', 'outside_session', 'future'] as const;
export type DayKind = (typeof DAY_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Attendance

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const attendanceStatus = z.enum(ATTENDANCE_STATUSES);
export const ATTENDANCE_TYPES = ['daywise', 'periodwise'] as const;
export type AttendanceType = (typeof ATTENDANCE_TYPES)[number];

/**
 * Counts of a set of marks and the percentage attended: present and late count as attended; the
 * percentage is attended / marked × 100, rounded to one decimal, null when nothing is marked.
 */
export const attendanceCounts = z.object({
  present: z.number().int().nonnegative(),
  absent: z.number().int().nonnegative(),
  late: z.number().int().nonnegative(),
  leave: z.number().int().nonnegative(),
  marked: z.number().int().nonnegative(),
  percent: z.number().nullable(),
});
export type AttendanceCounts = z.infer<typeof attendanceCounts>;

/** The one rule for the percentage (server and web): see `attendanceCounts`. */
export function attendancePercent(c: { present: number; late: number; marked: number }): number | null {
  return c.marked === 0 ? null : Math.round(((c.present + c.late) * 1000) / c.marked) / 10;
}

export const attendanceParams = z.object({ assignClassId: z.uuid(), sessionId: z.uuid() });
export const attendanceBody = z.object({
  date: dateIn('2000-01-01', '2100-12-31'),
  /** Absent: daywise (the class teacher). A period: periodwise (that period's teacher). */
  periodId: z.uuid().nullish(),
  /** Every student of the class, once. */
  marks: z
    .array(z.object({ studentId: z.uuid(), status: attendanceStatus }))
    .min(1)
    .max(200),
});
export type AttendanceBody = z.infer<typeof attendanceBody>;

export const attendanceDayParams = z.object({ assignClassId: z.uuid(), date: dateIn('2000-01-01', '2100-12-31') });
export const attendancePeriodParams = attendanceDayParams.extend({ periodId: z.uuid() });

/** A class on one date (and period): each student's mark, or present by default before a save. */
export const attendanceDay = z.object({
  class: classRef,
  date: z.string(),
  period: period.nullable(),
  /** True when this day (period) was saved: the marks are the saved ones (spec: `final`). */
  final: z.boolean(),
  /** Whether the caller may save this day now, and if not, why (a reason code of the errors). */
  canMark: z.boolean(),
  dayKind: z.enum(DAY_KINDS),
  holidayTitle: z.string().nullable(),
  markedBy: personRef.nullable(),
  markedAt: z.iso.datetime().nullable(),
  students: z.array(
    z.object({
      studentId: z.uuid(),
      loginId: z.string(),
      fullName: z.string(),
      rollNo: z.number().int().nullable(),
      image: z.string().nullable(),
      status: attendanceStatus,
      /** An approved leave request covering the date (issue 43): before a save the status is its mark (`leaveMark`), with a badge. */
      leave: z.object({ leaveId: z.uuid(), reason: z.enum(STUDENT_LEAVE_REASONS) }).nullable(),
    }),
  ),
  counts: attendanceCounts,
});
export type AttendanceDay = z.infer<typeof attendanceDay>;

/** `attendence/class/:assignClassId/:monthId/:date` and `month/attendance/:assignClassId/:monthId`. */
export const monthParams = z.object({ assignClassId: z.uuid(), monthId });
export const monthDayParams = monthParams.extend({ date: dateIn('2000-01-01', '2100-12-31') });
export const periodicQuery = z.object({ periodic: z.enum(['true', 'false']).default('false').transform((v) => v === 'true') });

export const monthDay = z.object({ date: z.string(), kind: z.enum(DAY_KINDS), holidayTitle: z.string().nullable() });
export type MonthDay = z.infer<typeof monthDay>;

/** A day's mark in a month's compact grid (`MonthView`): one letter per status; `MONTH_UNMARKED` for none. */
export const MONTH_MARK = { present: 'P', absent: 'A', late: 'L', leave: 'V' } as const satisfies Record<AttendanceStatus, string>;
export const MONTH_UNMARKED = '-';
const STATUS_OF_MARK: Record<string, AttendanceStatus> = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [MONTH_MARK[s], s]));

/**
 * Students × days of a month, compact (what travels is read by a teacher on a slow phone): counts
 * and the class's daily totals are not sent, `monthCounts` computes them. Daywise: each student's
 * `marks` is one letter a day (aligned with `days`, `MONTH_MARK`, `-` unmarked). Periodwise
 * (`periodic`): each student's `periods` is, a day, that day's period marks counted by status
 * `[present, absent, late, leave]`, or null.
 */
export const monthView = z.object({
  class: classRef,
  month: z.string(),
  periodic: z.boolean(),
  days: z.array(monthDay),
  students: z.array(
    z.object({
      studentId: z.uuid(),
      loginId: z.string(),
      fullName: z.string(),
      rollNo: z.number().int().nullable(),
      /** Daywise: one letter a day; '' when periodic. */
      marks: z.string(),
      /** Periodic: a day's `[present, absent, late, leave]` periods, or null; [] when daywise. */
      periods: z.array(z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]).nullable()),
    }),
  ),
});
export type MonthView = z.infer<typeof monthView>;

/** The status of a student's day in a daywise month (`marks` at `day`), or null. */
export function monthMarkAt(marks: string, day: number): AttendanceStatus | null {
  return STATUS_OF_MARK[marks[day] ?? ''] ?? null;
}

/** Counts and the percentage of a tally (`attendancePercent`'s rule). */
export function countsOfTally(t: { present: number; absent: number; late: number; leave: number }): AttendanceCounts {
  const marked = t.present + t.absent + t.late + t.leave;
  return { present: t.present, absent: t.absent, late: t.late, leave: t.leave, marked, percent: attendancePercent({ present: t.present, late: t.late, marked }) };
}

/**
 * A month's counts (server and web, one rule): each student's (aligned with `students`) and the
 * class's per day (aligned with `days`). Daywise a day counts its mark; periodwise its periods.
 */
export function monthCounts(view: Pick<MonthView, 'periodic' | 'days' | 'students'>): { students: AttendanceCounts[]; totals: AttendanceCounts[] } {
  const tally = () => ({ present: 0, absent: 0, late: 0, leave: 0 });
  const totals = view.days.map(tally);
  const students = view.students.map((s) => {
    const t = tally();
    for (let i = 0; i < view.days.length; i++) {
      const day = totals[i]!;
      if (view.periodic) {
        const cell = s.periods[i];
        if (!cell) continue;
        ATTENDANCE_STATUSES.forEach((k, j) => {
          t[k] += cell[j]!;
          day[k] += cell[j]!;
        });
      } else {
        const status = monthMarkAt(s.marks, i);
        if (!status) continue;
        t[status]++;
        day[status]++;
      }
    }
    return countsOfTally(t);
  });
  return { students, totals: totals.map(countsOfTally) };
}

/** One date of a class with every period: for the month view's day detail. */
export const dayDetail = z.object({
  class: classRef,
  date: z.string(),
  dayKind: z.enum(DAY_KINDS),
  periods: z.array(period),
  students: z.array(
    z.object({
      studentId: z.uuid(),
      fullName: z.string(),
      rollNo: z.number().int().nullable(),
      day: attendanceStatus.nullable(),
      /** Aligned with `periods`. */
      periods: z.array(attendanceStatus.nullable()),
    }),
  ),
});
export type DayDetail = z.infer<typeof dayDetail>;

/** What changed in one save. */
export const attendanceChange = z.object({
  studentId: z.uuid(),
  fullName: z.string(),
  from: attendanceStatus.nullable(),
  to: attendanceStatus,
});
export const attendanceLog = z.object({
  logId: z.uuid(),
  user: personRef.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  class: classRef,
  date: z.string(),
  period: z.object({ periodId: z.uuid(), name: z.string() }).nullable(),
  type: z.enum(ATTENDANCE_TYPES),
  details: z.object({
    /** `marked`: the first save of that day (period); `changed`: a later one. */
    action: z.enum(['marked', 'changed']),
    counts: attendanceCounts,
    changes: z.array(attendanceChange),
    /** A change made by approving a parent's leave request (issue 43): that request. */
    leaveId: z.uuid().optional(),
  }),
});
export type AttendanceLog = z.infer<typeof attendanceLog>;
export const attendanceLogQuery = pageQuery.extend({
  sessionId: z.uuid(),
  type: z.enum(['all', ...ATTENDANCE_TYPES]).default('all'),
  assignClassId: z.uuid().optional(),
});
export type AttendanceLogQuery = z.infer<typeof attendanceLogQuery>;

/** The month calendar: holidays, weekly offs and, for a child, its attendance day by day. */
export const calendarParams = z.object({ monthId });
export const calendarQuery = z.object({
  sessionId: z.uuid().optional(),
  /** A parent names its child, admins and teachers any student; a student sees its own. */
  studentId: z.uuid().optional(),
});
export const calendarMonth = z.object({
  month: z.string(),
  /** Today in the school's time zone (the browser's clock may be in another). */
  today: z.string(),
  days: z.array(monthDay.extend({ status: attendanceStatus.nullable() })),
  /** The child's counts for the month (null without a student). */
  counts: attendanceCounts.nullable(),
  holidays: z.array(holiday),
});
export type CalendarMonth = z.infer<typeof calendarMonth>;

/**
 * The month a calendar opens on: today's when it is inside the session (or there is none), else
 * the session's nearest end (the web's calendars, and the dashboard's one answer, which fills them).
 */
export function initialMonth(today: string, session?: { startDate: string; endDate: string } | null): string {
  if (session && today < session.startDate) return session.startDate.slice(0, 7);
  if (session && today > session.endDate) return session.endDate.slice(0, 7);
  return today.slice(0, 7);
}

/** Today's attendance for a dashboard, shaped by role. */
export const attendanceSummaryQuery = z.object({ sessionId: z.uuid().optional() });
export const attendanceSummary = z.object({
  date: z.string(),
  dayKind: z.enum(DAY_KINDS),
  /** Admins: the whole school today. */
  school: attendanceCounts.extend({ classes: z.number().int(), classesMarked: z.number().int(), students: z.number().int() }).nullable(),
  /** Teachers: the classes it is class teacher of, today. */
  classes: z.array(classRef.extend({ students: z.number().int(), final: z.boolean(), counts: attendanceCounts })),
  /** Parents: each child this month; students: itself. */
  children: z.array(z.object({ studentId: z.uuid(), fullName: z.string(), month: z.string(), counts: attendanceCounts })),
});
export type AttendanceSummary = z.infer<typeof attendanceSummary>;
