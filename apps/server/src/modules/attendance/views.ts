import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ROLE } from '@shala/contract';
import {
  countsOfTally,
  MONTH_MARK,
  MONTH_UNMARKED,
  MASTER_CLASS_CODES,
  timeOf,
  type AttendanceCounts,
  type AttendanceStatus,
  type AttendanceSummary,
  type DayDetail,
  type DayKind,
  type MonthDay,
  type MonthView,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Db } from '../../db/client.js';
import { academicSessions, attendanceMarks, classStudents, classes, periods, schools, users } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';
import { AppError, notFound } from '../../errors.js';
import { attendanceClass, attendancePolicy } from '../../policy/attendance.js';
import { scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { dayKind, loadDayRules, localDate, monthDates, type DayRules } from '../calendar/index.js';
import { fullName } from '../users/service.js';
import { roleSql } from '../../db/roles.js';
import { storedReads, versionKey, type SerializedAnswer } from '../../db/versions.js';
import { rowsOf } from '../../db/rows.js';

/**
 * What attendance looks like after it is marked: a class's month (students × days, daywise or the
 * periods attended), one date's detail, and today's figures for each role's dashboard. Every read is
 * a constant number of statements whatever the class size and month: the class and its access (one),
 * the day rules (one), the students with their marks aggregated per student in SQL (one).
 */

// ---------------------------------------------------------------------------------------------
// Counts

type Tally = { present: number; absent: number; late: number; leave: number };

/** Counts with the marked total and the contract's one percentage rule. */
export const countsOf = (t: Tally): AttendanceCounts => countsOfTally(t);

const monthBounds = (month: string) => {
  const dates = monthDates(month);
  return { dates, from: dates[0]!, to: dates.at(-1)! };
};

const studentOrder = [sql`${classStudents.rollNo} asc nulls last`, asc(users.firstName), asc(users.lastName), asc(users.id)];

function monthDays(rules: DayRules, dates: string[]): MonthDay[] {
  return dates.map((date) => {
    const { kind, holiday } = dayKind(rules, date);
    return { date, kind, holidayTitle: holiday?.title ?? null };
  });
}

// ---------------------------------------------------------------------------------------------
// The month of a class

/**
 * The class's students, each with its marks of the month aggregated in the same statement: one
 * range scan of the class's marks (attendance_class_date_idx: school, class, date) grouped by
 * student, daywise `[date, status]` pairs, periodwise `[date, present, absent, late, leave]` of
 * that day's periods.
 */
function monthQueries(db: Db) {
  return prepared(db, 'attendance_month', (db) => {
    const school = sql.placeholder('school');
    const id = sql.placeholder('id');
    const from = sql.placeholder('from');
    const to = sql.placeholder('to');
    const m = attendanceMarks;
    const inMonth = (periodic: boolean) =>
      and(
        eq(m.schoolId, school),
        eq(m.classId, id),
        sql`${m.date} between ${from}::date and ${to}::date`,
        periodic ? isNotNull(m.periodId) : isNull(m.periodId),
      );
    const daywise = db
      .select({ studentId: m.studentId, marks: sql<unknown[][]>`json_agg(json_build_array(${m.date}, ${m.status}))`.as('marks') })
      .from(m)
      .where(inMonth(false))
      .groupBy(m.studentId)
      .as('mk');
    const tally = (status: AttendanceStatus) => sql<number>`count(*) filter (where ${m.status} = ${sql.raw(`'${status}'`)})`.as(status);
    const perDay = db
      .select({ studentId: m.studentId, date: m.date, present: tally('present'), absent: tally('absent'), late: tally('late'), leave: tally('leave') })
      .from(m)
      .where(inMonth(true))
      .groupBy(m.studentId, m.date)
      .as('pd');
    const periodwise = db
      .select({
        studentId: perDay.studentId,
        marks: sql<unknown[][]>`json_agg(json_build_array(${perDay.date}, ${perDay.present}, ${perDay.absent}, ${perDay.late}, ${perDay.leave}))`.as('marks'),
      })
      .from(perDay)
      .groupBy(perDay.studentId)
      .as('mk');
    const base = {
      studentId: classStudents.studentId,
      loginId: users.loginId,
      firstName: users.firstName,
      lastName: users.lastName,
      rollNo: classStudents.rollNo,
    };
    const select = (marks: typeof daywise | typeof periodwise) =>
      db
        .select({ ...base, marks: marks.marks })
        .from(classStudents)
        .innerJoin(users, eq(users.id, classStudents.studentId))
        .leftJoin(marks, eq(marks.studentId, classStudents.studentId))
        .where(and(eq(classStudents.schoolId, school), eq(classStudents.classId, id)))
        .orderBy(...studentOrder);
    return {
      daywise: select(daywise).prepare('attendance_month_daywise'),
      periodwise: select(periodwise).prepare('attendance_month_periodwise'),
    };
  });
}

/**
 * `month/attendance/:assignClassId/:monthId`: students × every day of the month, compact (the
 * contract's `monthView`: a letter a day, or a day's periods counted by status; the client counts).
 * Stored per version of the class and its students, the class's marks of that month (a save of
 * today does not redraw last month) and the school's days and names (db/versions.ts): one
 * statement (the class with the caller's access and the versions) when nothing changed since the
 * last reader, two more otherwise.
 */
export async function attendanceMonth(
  deps: Deps,
  caller: Caller,
  assignClassId: string,
  month: string,
  periodic: boolean,
  serialize: (view: MonthView) => SerializedAnswer,
): Promise<SerializedAnswer> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const cls = await attendanceClass(db, caller, schoolId, assignClassId, [versionKey.roll(assignClassId), versionKey.attendanceMonth(assignClassId, month), versionKey.school]);
  // A day after today is shown as future: a month that reaches past the day it was drawn on is
  // drawn again the next day (in the school's time zone), whatever the versions say.
  const answers = storedReads<StoredMonth>(deps.data, 'attendanceMonth', { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024, sizeOf: (m) => m.answer.body.length });
  const stored = await answers.get(
    `${schoolId}|${assignClassId}|${month}|${periodic}`,
    cls.versions,
    async () => {
      const { grid, rules } = await monthGrid(db, schoolId, cls.sessionId, assignClassId, month, periodic);
      return { answer: serialize({ class: cls.ref, ...grid }), timeZone: rules.timeZone, drawnOn: rules.today, lastDate: grid.days.at(-1)?.date ?? '' };
    },
    (m) => m.lastDate < m.drawnOn || localDate(m.timeZone) === m.drawnOn,
  );
  return stored.answer;
}

/** A class's month as stored: the answer, and the day it was drawn on. */
interface StoredMonth {
  answer: SerializedAnswer;
  timeZone: string;
  drawnOn: string;
  lastDate: string;
}

/** The grid of a class's month (what `attendanceMonth` stores): three statements. */
async function monthGrid(db: Db, schoolId: string, sessionId: string, assignClassId: string, month: string, periodic: boolean): Promise<{ grid: Omit<MonthView, 'class'>; rules: DayRules }> {
  const { dates, from, to } = monthBounds(month);
  const q = monthQueries(db);
  const args = { school: schoolId, id: assignClassId, from, to };
  const [rules, rows] = await Promise.all([
    loadDayRules(db, schoolId, sessionId, from, to),
    periodic ? q.periodwise.execute(args) : q.daywise.execute(args),
  ]);
  const index = new Map(dates.map((d, i) => [d, i]));
  const students = rows.map((r) => {
    const marks = periodic ? [] : dates.map(() => MONTH_UNMARKED);
    const cells: Array<[number, number, number, number] | null> = periodic ? dates.map(() => null) : [];
    for (const m of (r.marks ?? []) as unknown[][]) {
      const i = index.get(m[0] as string);
      if (i === undefined) continue;
      if (periodic) cells[i] = (m.slice(1, 5) as unknown[]).map(Number) as [number, number, number, number];
      else marks[i] = MONTH_MARK[m[1] as AttendanceStatus];
    }
    return { studentId: r.studentId, loginId: r.loginId, fullName: fullName(r), rollNo: r.rollNo, marks: marks.join(''), periods: cells };
  });
  return { grid: { month, periodic, days: monthDays(rules, dates), students }, rules };
}

// ---------------------------------------------------------------------------------------------
// One date of a class

function detailQueries(db: Db) {
  return prepared(db, 'attendance_day_detail', (db) => {
    const school = sql.placeholder('school');
    const id = sql.placeholder('id');
    const date = sql.placeholder('date');
    return {
      students: db
        .select({
          studentId: classStudents.studentId,
          firstName: users.firstName,
          lastName: users.lastName,
          rollNo: classStudents.rollNo,
          marks: sql<Array<[string | null, AttendanceStatus]> | null>`(select json_agg(json_build_array(m.period_id, m.status))
            from attendance_marks m where m.school_id = ${school} and m.student_id = ${classStudents.studentId}
              and m.class_id = ${id} and m.date = ${date}::date)`,
        })
        .from(classStudents)
        .innerJoin(users, eq(users.id, classStudents.studentId))
        .where(and(eq(classStudents.schoolId, school), eq(classStudents.classId, id)))
        .orderBy(...studentOrder)
        .prepare('attendance_day_detail_students'),
      periods: db
        .select({ periodId: periods.id, sessionId: periods.sessionId, name: periods.name, start: periods.startMinute, end: periods.endMinute, isBreak: periods.isBreak })
        .from(periods)
        .innerJoin(classes, and(eq(classes.sessionId, periods.sessionId), eq(classes.schoolId, periods.schoolId)))
        .where(and(eq(periods.schoolId, school), eq(classes.id, id), eq(periods.isBreak, false)))
        .orderBy(asc(periods.startMinute))
        .prepare('attendance_day_detail_periods'),
    };
  });
}

/**
 * `attendence/class/:assignClassId/:monthId/:date`: one date of a class, each student's day mark and
 * its mark of every teaching period (aligned with `periods`). Four statements.
 */
export async function attendanceDayDetail(deps: Deps, caller: Caller, assignClassId: string, month: string, date: string): Promise<DayDetail> {
  if (!date.startsWith(`${month}-`)) {
    throw new AppError('VALIDATION_ERROR', 'The date is not in the month.', { field: 'date' });
  }
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const cls = await attendanceClass(db, caller, schoolId, assignClassId);
  const q = detailQueries(db);
  const args = { school: schoolId, id: assignClassId, date };
  const [rules, periodRows, rows] = await Promise.all([
    loadDayRules(db, schoolId, cls.sessionId, date, date),
    q.periods.execute(args),
    q.students.execute(args),
  ]);
  const column = new Map(periodRows.map((p, i) => [p.periodId, i]));
  return {
    class: cls.ref,
    date,
    dayKind: dayKind(rules, date).kind,
    periods: periodRows.map((p) => ({ periodId: p.periodId, sessionId: p.sessionId, name: p.name, startTime: timeOf(p.start), endTime: timeOf(p.end), isBreak: p.isBreak })),
    students: rows.map((r) => {
      let day: AttendanceStatus | null = null;
      const cells: Array<AttendanceStatus | null> = periodRows.map(() => null);
      for (const [periodId, status] of r.marks ?? []) {
        if (periodId === null) day = status;
        else {
          const i = column.get(periodId);
          if (i !== undefined) cells[i] = status;
        }
      }
      return { studentId: r.studentId, fullName: fullName(r), rollNo: r.rollNo, day, periods: cells };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The dashboards' summary

/** The session asked for (absent: the current one) and the school's time zone, in one statement. */
async function summarySession(db: Db, schoolId: string, sessionId: string | undefined) {
  const [row] = await db
    .select({ timeZone: schools.timeZone, sessionId: academicSessions.id })
    .from(schools)
    .leftJoin(
      academicSessions,
      and(eq(academicSessions.schoolId, schools.id), sessionId ? eq(academicSessions.id, sessionId) : eq(academicSessions.isCurrent, true)),
    )
    .where(eq(schools.id, schoolId));
  if (!row) throw notFound('School');
  if (sessionId && !row.sessionId) throw notFound('Session');
  return row;
}

const tallySql = (m: string) =>
  sql.raw(`count(*) filter (where ${m}.status = 'present') as present, count(*) filter (where ${m}.status = 'absent') as absent,
    count(*) filter (where ${m}.status = 'late') as late, count(*) filter (where ${m}.status = 'leave') as leave`);
type TallyRow = { present: number | string; absent: number | string; late: number | string; leave: number | string };
const tallyOf = (r: TallyRow | null | undefined): Tally => ({
  present: Number(r?.present ?? 0),
  absent: Number(r?.absent ?? 0),
  late: Number(r?.late ?? 0),
  leave: Number(r?.leave ?? 0),
});

/** Admins: the whole school today (daywise marks, on attendance_school_day_idx), one statement. */
async function schoolToday(db: Db, schoolId: string, sessionId: string, date: string): Promise<AttendanceSummary['school']> {
  const [row] = rowsOf<TallyRow & { classes: string; students: string; marked_classes: string }>(
    await db.execute(sql`select
        (select count(*) from classes c where c.school_id = ${schoolId} and c.session_id = ${sessionId}) as classes,
        (select count(*) from class_students cs where cs.school_id = ${schoolId} and cs.session_id = ${sessionId}) as students,
        count(distinct m.class_id) as marked_classes, ${tallySql('m')}
      from attendance_marks m
      where m.school_id = ${schoolId} and m.date = ${date}::date and m.period_id is null and m.session_id = ${sessionId}`),
  );
  return {
    ...countsOf(tallyOf(row)),
    classes: Number(row?.classes ?? 0),
    classesMarked: Number(row?.marked_classes ?? 0),
    students: Number(row?.students ?? 0),
  };
}

/** A teacher: the classes it is class teacher of, with today's daywise marks, one statement. */
async function teacherToday(db: Db, schoolId: string, teacherId: string, sessionId: string, date: string): Promise<AttendanceSummary['classes']> {
  const rows = rowsOf<TallyRow & { id: string; master_class: string; name: string; section: string; students: string; marked: string }>(
    await db.execute(sql`select c.id, c.master_class, c.name, c.section,
        (select count(*) from class_students cs where cs.class_id = c.id) as students,
        t.*
      from classes c
      cross join lateral (select count(*) as marked, ${tallySql('m')} from attendance_marks m
        where m.school_id = c.school_id and m.class_id = c.id and m.date = ${date}::date and m.period_id is null) t
      where c.school_id = ${schoolId} and c.session_id = ${sessionId} and c.class_teacher_id = ${teacherId}`),
  );
  const order = (r: { master_class: string; section: string }) => `${String(MASTER_CLASS_CODES.indexOf(r.master_class as never)).padStart(3, '0')}${r.section}`;
  rows.sort((a, b) => order(a).localeCompare(order(b)));
  return rows.map((r) => ({
    assignClassId: r.id,
    masterClass: r.master_class,
    className: r.name,
    section: r.section,
    students: Number(r.students),
    final: Number(r.marked) > 0,
    counts: countsOf(tallyOf(r)),
  }));
}

/** A parent's children (or a student itself) with their daywise marks of the month so far, one statement. */
async function childrenMonth(db: Db, schoolId: string, caller: Caller, sessionId: string, month: string, today: string): Promise<AttendanceSummary['children']> {
  const { from, to } = monthBounds(month);
  const last = to < today ? to : today;
  const who = attendancePolicy.childrenWhere(caller);
  const rows = rowsOf<TallyRow & { id: string; first_name: string; last_name: string }>(
    await db.execute(sql`select u.id, u.first_name, u.last_name, t.*
      from users u
      cross join lateral (select ${tallySql('m')} from attendance_marks m
        where m.school_id = u.school_id and m.student_id = u.id and m.date between ${from}::date and ${last}::date
          and m.period_id is null and m.session_id = ${sessionId}) t
      where u.school_id = ${schoolId} and u.role_id = ${roleSql(ROLE.STUDENT)} and ${who}
      order by u.first_name, u.last_name, u.id`),
  );
  return rows.map((r) => ({ studentId: r.id, fullName: fullName({ firstName: r.first_name, lastName: r.last_name }), month, counts: countsOf(tallyOf(r)) }));
}

/**
 * `attendance/summary`: today (school-local) and its kind, and by role: the whole school (112, 113),
 * the classes the teacher is class teacher of (114), each child's month (115) or the student's own
 * (116). Three statements: the session and time zone, the day rules, the role's figures.
 */
export async function attendanceSummary(deps: Deps, caller: Caller, q: { sessionId?: string }): Promise<AttendanceSummary> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const found = await summarySession(db, schoolId, q.sessionId);
  const today = localDate(found.timeZone);
  const empty: AttendanceSummary = { date: today, dayKind: 'outside_session', school: null, classes: [], children: [] };
  if (!found.sessionId) return empty;
  const sessionId = found.sessionId;
  const rules = await loadDayRules(db, schoolId, sessionId, today, today);
  const kind: DayKind = dayKind(rules, today).kind;
  const base = { ...empty, date: today, dayKind: kind };
  switch (attendancePolicy.summaryKind(caller)) {
    case 'school':
      return { ...base, school: await schoolToday(db, schoolId, sessionId, today) };
    case 'classes':
      return { ...base, classes: await teacherToday(db, schoolId, caller.userId, sessionId, today) };
    case 'children':
      return { ...base, children: await childrenMonth(db, schoolId, caller, sessionId, today.slice(0, 7), today) };
    default:
      return base;
  }
}
