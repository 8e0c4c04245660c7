import { and, eq, ne, sql } from 'drizzle-orm';
import {
  attendancePercent,
  type AttendanceCounts,
  type AttendanceStatus,
  type CalendarMonth,
  type Holiday,
  type HolidayInput,
  type ApiResult,
  type HolidayUpdate,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { prepared } from '../../db/prepared.js';
import { academicSessions, holidays, schools, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { calendarPolicy } from '../../policy/calendar.js';
import { schoolOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { now } from '../../clock.js';
import { afterCommit, notifyRoles } from '../notifications/service.js';
import { daysBetween, dayKind, loadSessionRules, monthDates, type FullHoliday } from './days.js';

/**
 * Holidays of a session (a date or a range, never overlapping: the database's exclusion
 * constraint), the holiday notices of the dashboards, and the month calendar with a student's
 * attendance day by day. Dates are school-local `YYYY-MM-DD`.
 */

/** Notices list at most this many coming holidays. */
export const NOTICES_MAX = 10;

type HolidayRow = typeof holidays.$inferSelect;

function presentHoliday(h: Pick<HolidayRow, 'id' | 'sessionId' | 'title' | 'description' | 'startDate' | 'endDate' | 'createdAt'>): Holiday {
  return {
    holidayId: h.id,
    sessionId: h.sessionId,
    title: h.title,
    description: h.description,
    startDate: h.startDate,
    endDate: h.endDate,
    days: daysBetween(h.startDate, h.endDate),
    createdAt: h.createdAt.toISOString(),
  };
}

/** A holiday read as JSON (a list or the calendar): the same answer. */
function presentJson(h: FullHoliday): Holiday {
  return presentHoliday({ ...h, id: h.holidayId, createdAt: new Date(h.createdAt) });
}

/** One holiday as JSON, for the lists below (dates as `YYYY-MM-DD`, the instant as ISO). */
const holidayJson = sql`json_build_object('holidayId', h.id, 'sessionId', h.session_id, 'title', h.title, 'description', h.description,
  'startDate', h.start_date, 'endDate', h.end_date, 'createdAt', h.created_at)`;
/** Today in the school's time zone (the statement joins `schools`). */
const schoolToday = sql`(${sql.placeholder('now')}::timestamptz at time zone ${schools.timeZone})::date`;

// ---------------------------------------------------------------------------------------------
// Reads

/**
 * The holidays of a session by date, a page at a time (`upcoming`: only those not over yet, in the
 * school's time zone), with the total: one statement. Another school's session: 404.
 */
export async function listHolidays(deps: Deps, caller: Caller, sessionId: string, q: { page: number; pageSize: number; upcoming: boolean }): Promise<ApiResult<'holidayList'>['result']> {
  const schoolId = schoolOf(caller);
  const query = prepared(tenantDb(deps, schoolId), 'holiday_page', (db, name) => {
    const shown = sql`h.school_id = ${academicSessions.schoolId} and h.session_id = ${academicSessions.id}
      and (not ${sql.placeholder('upcoming')}::boolean or h.end_date >= ${schoolToday})`;
    return db
      .select({
        total: sql<number>`(select count(*) from ${holidays} h where ${shown})`.mapWith(Number),
        items: sql<FullHoliday[]>`coalesce((select json_agg(x.j order by x.start_date) from (
          select ${holidayJson} j, h.start_date from ${holidays} h where ${shown}
          order by h.start_date limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) x), '[]'::json)`,
      })
      .from(academicSessions)
      .innerJoin(schools, eq(schools.id, academicSessions.schoolId))
      .where(and(eq(academicSessions.schoolId, sql.placeholder('school')), eq(academicSessions.id, sql.placeholder('session'))))
      .prepare(name);
  });
  const [row] = await query.execute({ school: schoolId, session: sessionId, now: now().toISOString(), upcoming: q.upcoming, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  if (!row) throw notFound('Session');
  return { items: row.items.map(presentJson), total: row.total, page: q.page, pageSize: q.pageSize };
}

/**
 * Holiday notices: the coming holidays of a session (the current one when none is named), at most
 * ten, soonest first; one statement. A named session of another school: 404; no current session:
 * none.
 */
export async function holidayNotices(deps: Deps, caller: Caller, sessionId: string | undefined): Promise<Holiday[]> {
  const schoolId = schoolOf(caller);
  const build = (named: boolean) => (db: Db, name: string) =>
    db
      .select({
        items: sql<FullHoliday[]>`coalesce((select json_agg(x.j order by x.start_date) from (
          select ${holidayJson} j, h.start_date from ${holidays} h
          where h.school_id = ${academicSessions.schoolId} and h.session_id = ${academicSessions.id} and h.end_date >= ${schoolToday}
          order by h.start_date limit ${NOTICES_MAX}) x), '[]'::json)`,
      })
      .from(academicSessions)
      .innerJoin(schools, eq(schools.id, academicSessions.schoolId))
      .where(
        and(
          eq(academicSessions.schoolId, sql.placeholder('school')),
          named ? eq(academicSessions.id, sql.placeholder('session')) : eq(academicSessions.isCurrent, true),
        ),
      )
      .prepare(name);
  const db = tenantDb(deps, schoolId);
  const query = sessionId ? prepared(db, 'holiday_notices_named', build(true)) : prepared(db, 'holiday_notices_current', build(false));
  const [row] = await query.execute({ school: schoolId, session: sessionId, now: now().toISOString() });
  if (!row) {
    if (sessionId) throw notFound('Session');
    return [];
  }
  return row.items.map(presentJson);
}

// ---------------------------------------------------------------------------------------------
// Writes

type Dates = { startDate: string; endDate: string };

/** A holiday must fall inside its session's dates. */
function assertInSession(session: { label: string; startDate: string; endDate: string }, dates: Dates) {
  const field = dates.startDate < session.startDate || dates.startDate > session.endDate ? 'startDate' : dates.endDate > session.endDate ? 'endDate' : null;
  if (!field) return;
  throw new AppError('BAD_REQUEST', `A holiday must fall inside the session ${session.label} (${session.startDate} to ${session.endDate}).`, {
    reason: 'holiday_outside_session',
    field,
    params: { label: session.label, startDate: session.startDate, endDate: session.endDate },
  });
}

/**
 * An overlap refused by the exclusion constraint as a 409 naming the other holiday (looked up
 * once the failed transaction is over); any other error as it was.
 */
async function holidayConflict(deps: Deps, schoolId: string, err: unknown, h: Dates & { sessionId: string; id?: string }) {
  if (violatedConstraint(err) !== 'holidays_no_overlap') return err;
  const [other] = await tenantDb(deps, schoolId)
    .select({ title: holidays.title })
    .from(holidays)
    .where(
      and(
        eq(holidays.schoolId, schoolId),
        eq(holidays.sessionId, h.sessionId),
        h.id ? ne(holidays.id, h.id) : undefined,
        sql`${holidays.startDate} <= ${h.endDate}::date and ${holidays.endDate} >= ${h.startDate}::date`,
      ),
    )
    .orderBy(holidays.startDate)
    .limit(1);
  return new AppError('CONFLICT', `These dates overlap the holiday ${other?.title ?? ''}.`, {
    reason: 'holiday_overlap',
    field: 'startDate',
    params: { title: other?.title ?? '' },
  });
}

/** The session's label and dates, in the caller's school (404 otherwise). */
async function sessionDates(tx: DbOrTx, schoolId: string, sessionId: string) {
  const [session] = await tx
    .select({ label: academicSessions.label, startDate: academicSessions.startDate, endDate: academicSessions.endDate })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), eq(academicSessions.id, sessionId)));
  if (!session) throw notFound('Session');
  return session;
}

/**
 * Adds a holiday inside its session; with `notifyRoles`, every active user of those roles in the
 * school (but the author) gets a notification, in one statement, in the same transaction.
 */
export async function createHoliday(deps: Deps, caller: Caller, body: HolidayInput): Promise<Holiday> {
  const schoolId = schoolOf(caller);
  const dates = { startDate: body.startDate, endDate: body.endDate ?? body.startDate };
  // The notifications reach people only once the holiday is committed.
  const { via, flush } = afterCommit(deps);
  try {
    const created = await inTenant(deps, schoolId, async (tx) => {
      assertInSession(await sessionDates(tx, schoolId, body.sessionId), dates);
      const [row] = await tx
        .insert(holidays)
        .values({ schoolId, sessionId: body.sessionId, title: body.title, description: body.description ?? null, ...dates, createdBy: caller.userId })
        .returning();
      await notifyRoles(via, tx, {
        schoolId,
        roles: body.notifyRoles,
        senderId: caller.userId,
        senderName: caller.name,
        kind: 'holiday',
        params: { title: row!.title, startDate: row!.startDate, endDate: row!.endDate },
        exceptUserId: caller.userId,
      });
      return presentHoliday(row!);
    });
    flush();
    return created;
  } catch (err) {
    throw await holidayConflict(deps, schoolId, err, { sessionId: body.sessionId, ...dates });
  }
}

/**
 * Edits a holiday's title, description or dates under the same rules. A one-day holiday given a new
 * first day stays one day; a range keeps its last day unless given one (`endDate: null`: one day).
 */
export async function updateHoliday(deps: Deps, caller: Caller, holidayId: string, body: HolidayUpdate): Promise<Holiday> {
  const schoolId = schoolOf(caller);
  let target: (Dates & { sessionId: string; id: string }) | null = null;
  try {
    return await inTenant(deps, schoolId, async (tx) => {
      const [current] = await tx
        .select({ h: holidays, label: academicSessions.label, sessionStart: academicSessions.startDate, sessionEnd: academicSessions.endDate })
        .from(holidays)
        .innerJoin(academicSessions, eq(academicSessions.id, holidays.sessionId))
        .where(and(eq(holidays.schoolId, schoolId), eq(holidays.id, holidayId)))
        .for('update', { of: holidays });
      if (!current) throw notFound('Holiday');
      const { h } = current;
      const startDate = body.startDate ?? h.startDate;
      const endDate = body.endDate !== undefined ? (body.endDate ?? startDate) : h.startDate === h.endDate ? startDate : h.endDate;
      if (endDate < startDate) {
        throw new AppError('VALIDATION_ERROR', 'The last day cannot be before the first.', { field: 'endDate' });
      }
      assertInSession({ label: current.label, startDate: current.sessionStart, endDate: current.sessionEnd }, { startDate, endDate });
      target = { id: h.id, sessionId: h.sessionId, startDate, endDate };
      const [row] = await tx
        .update(holidays)
        .set({ title: body.title, description: body.description === undefined ? undefined : (body.description ?? null), startDate, endDate })
        .where(and(eq(holidays.schoolId, schoolId), eq(holidays.id, holidayId)))
        .returning();
      if (!row) throw notFound('Holiday');
      return presentHoliday(row);
    });
  } catch (err) {
    throw target ? await holidayConflict(deps, schoolId, err, target) : err;
  }
}

export async function deleteHoliday(deps: Deps, caller: Caller, holidayId: string): Promise<void> {
  const schoolId = schoolOf(caller);
  const [row] = await tenantDb(deps, schoolId)
    .delete(holidays)
    .where(and(eq(holidays.schoolId, schoolId), eq(holidays.id, holidayId)))
    .returning({ id: holidays.id });
  if (!row) throw notFound('Holiday');
}

// ---------------------------------------------------------------------------------------------
// The month calendar

const emptyCounts = (): AttendanceCounts => ({ present: 0, absent: 0, late: 0, leave: 0, marked: 0, percent: null });

/**
 * A student's daywise marks from `from` to `to`, if the caller may see it (a parent: its own
 * children; a student: itself, checked before; admins and teachers: any student of the school), in
 * one statement; 404 otherwise.
 */
async function studentMarks(deps: Deps, caller: Caller, schoolId: string, studentId: string, from: string, to: string) {
  const parent = calendarPolicy.childrenOnly(caller);
  const query = prepared(tenantDb(deps, schoolId), parent ? 'calendar_marks_parent' : 'calendar_marks', (db, name) =>
    db
      .select({
        marks: sql<{ date: string; status: AttendanceStatus }[]>`coalesce((
          select json_agg(json_build_object('date', m.date, 'status', m.status))
          from attendance_marks m
          where m.school_id = ${users.schoolId} and m.student_id = ${users.id} and m.period_id is null
            and m.date between ${sql.placeholder('from')}::date and ${sql.placeholder('to')}::date), '[]'::json)`,
      })
      .from(users)
      .where(calendarPolicy.studentWhere(parent, { school: sql.placeholder('school'), student: sql.placeholder('student'), parent: sql.placeholder('parent') }))
      .prepare(name),
  );
  const [row] = await query.execute({ school: schoolId, student: studentId, parent: caller.userId, from, to });
  if (!row) throw notFound('Student');
  return new Map(row.marks.map((m) => [m.date, m.status]));
}

/**
 * A month of a session (the current one when none is named): each day's kind, the month's
 * holidays and, for a student, its daywise attendance with the month's counts. Two statements
 * at most, whatever the month. Days outside the session are `outside_session` and carry no mark.
 */
export async function calendarMonth(deps: Deps, caller: Caller, month: string, q: { sessionId?: string; studentId?: string }): Promise<CalendarMonth> {
  const schoolId = schoolOf(caller);
  const studentId = calendarPolicy.monthStudent(caller, q.studentId);
  const dates = monthDates(month);
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const [rules, marks] = await Promise.all([
    loadSessionRules(tenantDb(deps, schoolId), schoolId, q.sessionId, from, to),
    studentId ? studentMarks(deps, caller, schoolId, studentId, from, to) : null,
  ]);
  const counts = marks ? emptyCounts() : null;
  const days = dates.map((date) => {
    const { kind, holiday } = dayKind(rules, date);
    const status = kind === 'outside_session' ? null : (marks?.get(date) ?? null);
    if (counts && status) {
      counts[status] += 1;
      counts.marked += 1;
    }
    return { date, kind, holidayTitle: holiday?.title ?? null, status };
  });
  if (counts) counts.percent = attendancePercent(counts);
  return { month, today: rules.today, days, counts, holidays: rules.holidays.map(presentJson) };
}
