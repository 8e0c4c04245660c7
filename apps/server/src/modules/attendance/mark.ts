import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  attendancePercent,
  leaveMark,
  timeOf,
  type AttendanceBody,
  type AttendanceCounts,
  type AttendanceDay,
  type AttendanceStatus,
  type Period,
  type PersonRef,
  type StudentLeaveReason,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { attendanceMarks, classStudents, classes, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { attendanceClass, attendancePolicy, type AttendanceClass } from '../../policy/attendance.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { dayKind, isoWeekday, loadDayRules, markRefusal, type DayRules } from '../calendar/index.js';
import { afterCommit, notifyMany, type NewNotification } from '../notifications/service.js';
import { fullName } from '../users/service.js';
import { now } from '../../clock.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Marking attendance: a class's list for a date (daywise) or a period (periodwise), and saving the
 * whole class at once, atomically, with its log entry and the parents' absence alerts.
 *
 * Who marks what: admins (113) any class and day (a correction, logged under its name); a teacher
 * (114) a class it teaches (policy/attendance.ts), daywise only as its class teacher, a period only
 * as the teacher of that period's timetable cell on the date's weekday, or as the class teacher.
 * Which days: a school day of the class's session, not a holiday, weekly off or future date
 * (calendar/days.ts). A break is never marked.
 *
 * Statements, whatever the class size:
 * - the day (GET): the class and caller (1), then together the day's rules (1) and the class list
 *   with marks, approved leave, period and timetable teacher (1): 3 statements, 2 round trips;
 * - a save: together the class and caller, the session's rules and the period (3 statements,
 *   1 round trip); then one transaction: BEGIN (1), the class list with its existing marks locked
 *   (1), every write in one statement (marks upserted, the log, the absence alerts) (1), the
 *   parents' notifications when an alert is new (0–1), COMMIT (1): 5–6 round trips in all.
 */

// ---------------------------------------------------------------------------------------------
// Shapes

const EMPTY_COUNTS: AttendanceCounts = { present: 0, absent: 0, late: 0, leave: 0, marked: 0, percent: null };

/** Counts of a list of statuses (present and late count as attended). */
export function countsOf(statuses: readonly AttendanceStatus[]): AttendanceCounts {
  const c = { ...EMPTY_COUNTS };
  for (const s of statuses) c[s]++;
  c.marked = statuses.length;
  c.percent = attendancePercent(c);
  return c;
}

interface PeriodRow {
  periodId: string;
  sessionId: string;
  name: string;
  startMinute: number;
  endMinute: number;
  isBreak: boolean;
}

const presentPeriod = (p: PeriodRow): Period => ({
  periodId: p.periodId,
  sessionId: p.sessionId,
  name: p.name,
  startTime: timeOf(p.startMinute),
  endTime: timeOf(p.endMinute),
  isBreak: p.isBreak,
});

/** A period named by a request must exist (404), be of the class's session and not be a break (400). */
function checkPeriod(row: PeriodRow | null, periodId: string | null, sessionId: string): PeriodRow | null {
  if (!periodId) return null;
  if (!row) throw notFound('Period');
  if (row.sessionId !== sessionId) throw new AppError('BAD_REQUEST', 'This period does not belong to the class’s session.', { reason: 'not_a_period', field: 'periodId' });
  if (row.isBreak) throw new AppError('BAD_REQUEST', `${row.name} is a break: nothing is marked in it.`, { reason: 'period_is_break', field: 'periodId', params: { name: row.name } });
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reading a class's day

const periodJson = (school: unknown, period: unknown) => sql<PeriodRow | null>`(
  select json_build_object('periodId', p.id, 'sessionId', p.session_id, 'name', p.name,
    'startMinute', p.start_minute, 'endMinute', p.end_minute, 'isBreak', p.is_break)
  from periods p where p.school_id = ${school} and p.id = ${period}::uuid)`;

const cellTeacher = (school: unknown, cls: unknown, day: unknown, period: unknown) => sql<string | null>`(
  select t.teacher_id from timetable_entries t
  where t.school_id = ${school} and t.class_id = ${cls} and t.day = ${day}::smallint and t.period_id = ${period}::uuid)`;

/** An approved leave request covering the date (issue 43). */
interface LeaveRef {
  leaveId: string;
  reason: StudentLeaveReason;
}

/** A student's approved leave covering `date` (SQL over a student id), as JSON or null: by the request's (school, student, from date) index. */
const approvedLeave = (school: unknown, student: unknown, date: unknown) => sql<LeaveRef | null>`(
  select json_build_object('leaveId', sl.id, 'reason', sl.reason) from student_leaves sl
  where sl.school_id = ${school} and sl.student_id = ${student} and sl.status = 'approved' and sl.from_date <= ${date}::date and sl.to_date >= ${date}::date
  order by sl.from_date desc limit 1)`;

interface ListRow {
  studentId: string;
  loginId: string;
  firstName: string;
  lastName: string;
  rollNo: number | null;
  image: string | null;
  status: AttendanceStatus | null;
  leave: LeaveRef | null;
}
interface MarkerRow {
  userId: string;
  firstName: string;
  lastName: string;
  loginId: string;
  at: string;
}

/**
 * A class's list on a date and period in one statement: each student (roll number order, then
 * name) with its mark if saved and its approved leave of the date (issue 43), who saved last and
 * when, the period and its timetable teacher.
 */
function dayQuery(db: Db) {
  return prepared(db, 'attendance_day', (db, name) => {
    const school = sql.placeholder('school');
    const cls = sql.placeholder('class');
    const date = sql.placeholder('date');
    const period = sql.placeholder('period');
    const samePeriod = sql`am.period_id is not distinct from ${period}::uuid`;
    return db
      .select({
        period: periodJson(school, period),
        cellTeacherId: cellTeacher(school, cls, sql.placeholder('day'), period),
        students: sql<ListRow[]>`coalesce((
          select json_agg(json_build_object('studentId', u.id, 'loginId', u.login_id, 'firstName', u.first_name,
              'lastName', u.last_name, 'rollNo', cs.roll_no, 'image', u.image, 'status', am.status,
              'leave', ${approvedLeave(school, sql`cs.student_id`, date)})
            order by cs.roll_no nulls last, u.first_name, u.last_name, u.id)
          from class_students cs
          join users u on u.id = cs.student_id
          left join attendance_marks am on am.school_id = cs.school_id and am.class_id = cs.class_id
            and am.student_id = cs.student_id and am.date = ${date}::date and ${samePeriod}
          where cs.school_id = ${school} and cs.class_id = ${cls}), '[]'::json)`,
        marker: sql<MarkerRow | null>`(
          select json_build_object('userId', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'loginId', u.login_id, 'at', am.marked_at)
          from attendance_marks am join users u on u.id = am.marked_by
          where am.school_id = ${school} and am.class_id = ${cls} and am.date = ${date}::date and ${samePeriod}
          order by am.marked_at desc limit 1)`,
      })
      .from(sql`(select 1) as one`)
      .prepare(name);
  });
}

const personOf = (m: { userId: string; firstName: string; lastName: string; loginId: string }): PersonRef => ({
  userId: m.userId,
  fullName: fullName(m),
  loginId: m.loginId,
});

function presentDay(
  cls: AttendanceClass,
  date: string,
  period: PeriodRow | null,
  rules: DayRules,
  canMark: boolean,
  list: ReadonlyArray<Omit<ListRow, 'status'> & { status: AttendanceStatus | null }>,
  saved: { by: PersonRef; at: string } | null,
): AttendanceDay {
  const { kind, holiday } = dayKind(rules, date);
  const final = saved !== null;
  // A saved mark stands (an approval rewrote the saved days); before a save an approved leave opens
  // as its mark (`leaveMark`: leave, or present for school duty), everyone else present.
  const students = list.map((s) => ({
    studentId: s.studentId,
    loginId: s.loginId,
    fullName: fullName(s),
    rollNo: s.rollNo,
    image: s.image,
    status: s.status ?? (s.leave ? leaveMark(s.leave.reason) : ('present' as const)),
    leave: s.leave,
  }));
  return {
    class: cls.ref,
    date,
    period: period ? presentPeriod(period) : null,
    final,
    canMark,
    dayKind: kind,
    holidayTitle: holiday?.title ?? null,
    markedBy: saved?.by ?? null,
    markedAt: saved ? new Date(saved.at).toISOString() : null,
    students,
    // Before a save nothing is marked: the counts preview the list as it stands (everyone present).
    counts: countsOf(students.map((s) => s.status)),
  };
}

/** `attendance/:assignClassId/:date[/:periodId]`: the class's list for that date (and period). */
export async function attendanceDayView(deps: Deps, caller: Caller, p: { assignClassId: string; date: string; periodId?: string }): Promise<AttendanceDay> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const periodId = p.periodId ?? null;
  const cls = await attendanceClass(db, caller, schoolId, p.assignClassId, [], { date: p.date, periodId });
  const [rules, [row]] = await Promise.all([
    loadDayRules(db, schoolId, cls.sessionId, p.date, p.date),
    dayQuery(db).execute({ school: schoolId, class: cls.ref.assignClassId, date: p.date, period: periodId, day: isoWeekday(p.date) }),
  ]);
  const period = checkPeriod(row!.period, periodId, cls.sessionId);
  const closed = markRefusal(rules, p.date) !== null;
  const canMark = !attendancePolicy.roleRefusal(caller, cls, periodId, row!.cellTeacherId) && !closed;
  const m = row!.marker;
  // A day that cannot be marked (holiday, weekly off, future, outside the session) and was not
  // marked has no list: no one is shown present by default on a day no one can mark.
  const students = closed && !m ? [] : row!.students;
  return presentDay(cls, p.date, period, rules, canMark, students, m ? { by: personOf(m), at: m.at } : null);
}

// ---------------------------------------------------------------------------------------------
// Saving a class's day

/** The period named by a save and its timetable teacher on that weekday, in one statement. */
function periodQuery(db: Db) {
  return prepared(db, 'attendance_save_period', (db, name) => {
    const school = sql.placeholder('school');
    const period = sql.placeholder('period');
    return db
      .select({ period: periodJson(school, period), cellTeacherId: cellTeacher(school, sql.placeholder('class'), sql.placeholder('day'), period) })
      .from(sql`(select 1) as one`)
      .prepare(name);
  });
}

const marker = alias(users, 'marker');
const self = alias(users, 'self');

/**
 * The class's students with their existing marks of that date and period, locked for this
 * transaction (the class row is locked before, so a second save of the same day waits, then reads
 * the first one's marks), with the last marker and the caller's login id: one statement.
 */
async function lockedList(tx: Tx, schoolId: string, classId: string, date: string, periodId: string | null, callerId: string) {
  const existing = tx.$with('existing').as(
    tx
      .select({ studentId: attendanceMarks.studentId, status: attendanceMarks.status, markedBy: attendanceMarks.markedBy, markedAt: attendanceMarks.markedAt })
      .from(attendanceMarks)
      .where(
        and(
          eq(attendanceMarks.schoolId, schoolId),
          eq(attendanceMarks.classId, classId),
          eq(attendanceMarks.date, date),
          periodId ? eq(attendanceMarks.periodId, periodId) : isNull(attendanceMarks.periodId),
        ),
      )
      .for('update'),
  );
  return tx
    .with(existing)
    .select({
      studentId: users.id,
      loginId: users.loginId,
      firstName: users.firstName,
      lastName: users.lastName,
      rollNo: classStudents.rollNo,
      image: users.image,
      parentUserId: users.parentUserId,
      status: sql<AttendanceStatus | null>`${existing.status}`,
      leave: approvedLeave(schoolId, users.id, date),
      markedAt: sql<string | null>`${existing.markedAt}`,
      marker: sql<MarkerRow | null>`case when ${marker.id} is null then null else json_build_object('userId', ${marker.id}, 'firstName', ${marker.firstName}, 'lastName', ${marker.lastName}, 'loginId', ${marker.loginId}, 'at', ${existing.markedAt}) end`,
      selfLogin: self.loginId,
    })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .innerJoin(self, eq(self.id, callerId))
    .leftJoin(existing, eq(existing.studentId, classStudents.studentId))
    .leftJoin(marker, eq(marker.id, existing.markedBy))
    .where(and(eq(classStudents.schoolId, schoolId), eq(classStudents.classId, classId)))
    .orderBy(sql`${classStudents.rollNo} nulls last`, asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** The marks must name every student of the class once: else 400 with how many are missing and extra. */
function checkRoster(marks: AttendanceBody['marks'], roster: ReadonlySet<string>): void {
  const seen = new Set<string>();
  let extra = 0;
  for (const m of marks) {
    if (!roster.has(m.studentId) || seen.has(m.studentId)) extra++;
    seen.add(m.studentId);
  }
  const missing = [...roster].filter((id) => !seen.has(id)).length;
  if (missing || extra) {
    throw new AppError('BAD_REQUEST', `The list does not match the class: ${missing} students missing, ${extra} not in the class.`, {
      reason: 'attendance_roster',
      field: 'marks',
      params: { missing, extra },
    });
  }
}


/**
 * `POST attendance/:assignClassId/:sessionId`: saves a whole class for a date (and period) at once.
 *
 * - Replaces that day's (period's) marks in one upsert; a later save is a change of the first.
 * - Logs the save: the first save (`marked`, every student as a change from nothing) and every
 *   later save that changes a mark (`changed`, only the students whose mark changed). A save that
 *   changes nothing writes nothing at all (no marks touched, no log, no alert) and answers the day
 *   as it is: the log is the record of what changed, and who last marked stays who marked.
 * - Alerts: each student absent in this save whose parent was not yet alerted for that date gets
 *   one notification to its parent (attendance_alerts keeps one per child per day, whatever the
 *   periods or saves). The notifications are stored in the transaction (a failed save sends
 *   nothing) and pushed live after it commits.
 */
export async function saveAttendance(
  deps: Deps,
  caller: Caller,
  params: { assignClassId: string; sessionId: string },
  body: AttendanceBody,
): Promise<AttendanceDay> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const periodId = body.periodId ?? null;
  const day = isoWeekday(body.date);
  // The class and caller, the session's rules and the period: independent, so sent together; the
  // errors are then raised in a fixed order (class, session, period, role, day).
  const [clsR, rulesR, periodR] = await Promise.allSettled([
    attendanceClass(db, caller, schoolId, params.assignClassId, [], { date: body.date, periodId }),
    loadDayRules(db, schoolId, params.sessionId, body.date, body.date),
    periodId ? periodQuery(db).execute({ school: schoolId, period: periodId, class: params.assignClassId, day }) : Promise.resolve([]),
  ]);
  if (clsR.status === 'rejected') throw clsR.reason;
  const cls = clsR.value;
  if (rulesR.status === 'rejected' || cls.sessionId !== params.sessionId) throw notFound('Session');
  if (periodR.status === 'rejected') throw periodR.reason;
  const rules = rulesR.value;
  const found = periodR.value[0];
  const period = checkPeriod(found?.period ?? null, periodId, cls.sessionId);
  const refusal = attendancePolicy.roleRefusal(caller, cls, periodId, found?.cellTeacherId ?? null) ?? markRefusal(rules, body.date);
  if (refusal) throw refusal;

  const { via: later, flush } = afterCommit(deps);

  const answer = await inTenant(deps, schoolId, async (tx) => {
    // Saves of one class wait for each other (a double tap, two teachers at once): the class row is
    // locked first, in a statement of its own, so the list below is read after the other commits.
    await tx.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.id, cls.ref.assignClassId))).for('update');
    const list = await lockedList(tx, schoolId, cls.ref.assignClassId, body.date, periodId, caller.userId);
    checkRoster(body.marks, new Set(list.map((s) => s.studentId)));
    const next = new Map(body.marks.map((m) => [m.studentId, m.status]));
    const first = list.every((s) => s.status === null);
    const changes = list
      .filter((s) => s.status !== next.get(s.studentId))
      .map((s) => ({ studentId: s.studentId, fullName: fullName(s), from: s.status, to: next.get(s.studentId)! }));
    const rows = list.map((s) => ({ ...s, status: next.get(s.studentId)! }));

    if (changes.length === 0) {
      const m = list.find((s) => s.marker)?.marker;
      return presentDay(cls, body.date, period, rules, true, rows, m ? { by: personOf(m), at: m.at } : null);
    }

    const at = now();
    const counts = countsOf(rows.map((s) => s.status));
    const details = { action: first ? 'marked' : 'changed', counts, changes };
    const marksJson = JSON.stringify(body.marks.map((m) => ({ student_id: m.studentId, status: m.status })));
    const kind = periodId ? 'periodwise' : 'daywise';
    // Every write in one statement: the marks (one upsert; NULLS NOT DISTINCT makes the daywise
    // null period one mark per day), the log, and the alerts not yet sent for that date.
    const written = await tx.execute(sql`
      with marks as (
        select x.student_id, x.status from json_to_recordset(${marksJson}::json) as x(student_id uuid, status text)
      ), saved as (
        insert into attendance_marks (school_id, session_id, class_id, student_id, date, period_id, status, marked_by, marked_at)
        select ${schoolId}::uuid, ${cls.sessionId}::uuid, ${cls.ref.assignClassId}::uuid, m.student_id, ${body.date}::date, ${periodId}::uuid, m.status, ${caller.userId}::uuid, ${at.toISOString()}::timestamptz
        from marks m
        on conflict on constraint attendance_mark_uq do update set
          session_id = excluded.session_id, class_id = excluded.class_id, status = excluded.status,
          marked_by = excluded.marked_by, marked_at = excluded.marked_at
        returning 1
      ), logged as (
        -- Stamped when written, after the class's lock (not when the transaction began): saves
        -- that waited for each other are logged in the order they were applied.
        insert into attendance_logs (school_id, session_id, class_id, date, period_id, kind, user_id, details, created_at)
        values (${schoolId}::uuid, ${cls.sessionId}::uuid, ${cls.ref.assignClassId}::uuid, ${body.date}::date, ${periodId}::uuid, ${kind}, ${caller.userId}::uuid, ${JSON.stringify(details)}::jsonb, clock_timestamp())
        returning 1
      ), alerted as (
        insert into attendance_alerts (school_id, student_id, date)
        select ${schoolId}::uuid, m.student_id, ${body.date}::date from marks m where m.status = 'absent'
        on conflict do nothing
        returning student_id
      )
      select (select json_agg(student_id) from alerted) as alerted, (select count(*) from saved) + (select count(*) from logged) as n`);
    const alerted = new Set(rowsOf<{ alerted: string[] | null }>(written)[0]?.alerted ?? []);

    const alerts: NewNotification[] = list
      .filter((s) => alerted.has(s.studentId) && s.parentUserId)
      .map((s) => ({ schoolId, userId: s.parentUserId!, senderId: caller.userId, senderName: caller.name, params: { child: fullName(s), date: body.date }, kind: 'absence' as const, link: '/parentviewcalender' }));
    await notifyMany(later, tx, alerts);

    const self = { userId: caller.userId, fullName: caller.name, loginId: list[0]?.selfLogin ?? '' };
    return presentDay(cls, body.date, period, rules, true, rows, { by: self, at: at.toISOString() });
  });
  flush();
  return answer;
}

