import { attendancePercent, type AttendanceCounts, type AttendanceDay, type AttendanceStatus, type DayKind, type ErrorReason } from '@shala/contract';
import { now as clockNow } from '../../api/clock';
import { SCHOOL_TIME_ZONE } from '../../lib/format';

/** Today in the school's time zone, `YYYY-MM-DD`. */
export function schoolToday(at: Date = clockNow(), timeZone = SCHOOL_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The date the marking screen opens on: the one asked for when it is a date, else today, kept inside
 * the session (a past session opens on its last day).
 */
export function initialDate(asked: string | null, session: { startDate: string; endDate: string }, today = schoolToday()): string {
  if (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked)) return asked;
  if (today > session.endDate) return session.endDate;
  if (today < session.startDate) return session.startDate;
  return today;
}

/** The last date a teacher may pick: today, or the session's end when it is over. */
export const lastMarkable = (session: { endDate: string }, today = schoolToday()) => (today < session.endDate ? today : session.endDate);

export type Marks = Record<string, AttendanceStatus>;

/** Each student's status as the screen shows it: the teacher's choice, else the saved (or default) one. */
export function effectiveMarks(day: Pick<AttendanceDay, 'students'>, changes: Marks): Marks {
  const out: Marks = {};
  for (const s of day.students) out[s.studentId] = changes[s.studentId] ?? s.status;
  return out;
}

/** The students whose shown status differs from the one loaded. */
export function changedCount(day: Pick<AttendanceDay, 'students'>, changes: Marks): number {
  return day.students.filter((s) => changes[s.studentId] !== undefined && changes[s.studentId] !== s.status).length;
}

export function countMarks(statuses: Iterable<AttendanceStatus>): AttendanceCounts {
  const c: AttendanceCounts = { present: 0, absent: 0, late: 0, leave: 0, marked: 0, percent: null };
  for (const s of statuses) {
    c[s]++;
    c.marked++;
  }
  c.percent = attendancePercent(c);
  return c;
}

/** Why a day cannot be marked by this caller, as an error reason (translated in errors.reasons). */
export function refusalReason(day: Pick<AttendanceDay, 'canMark' | 'dayKind' | 'period'>): ErrorReason | null {
  if (day.canMark) return null;
  const byKind: Record<Exclude<DayKind, 'school'>, ErrorReason> = {
    holiday: 'attendance_holiday',
    weekly_off: 'attendance_weekly_off',
    future: 'attendance_future',
    outside_session: 'attendance_outside_session',
  };
  if (day.dayKind !== 'school') return byKind[day.dayKind];
  return day.period ? 'not_period_teacher' : 'not_class_teacher';
}

/** Matches a student by name, login id or roll number. */
export function matchesStudent(s: { fullName: string; loginId: string; rollNo: number | null }, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return s.fullName.toLowerCase().includes(q) || s.loginId.toLowerCase().includes(q) || (s.rollNo !== null && String(s.rollNo) === q);
}
