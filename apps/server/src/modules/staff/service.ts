import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  csvText,
  ROLE,
  STAFF_LIMIT,
  STAFF_MONTH_MARK,
  staffCountsOf,
  type DayKind,
  type StaffDay,
  type StaffDayBody,
  type StaffDayRow,
  type StaffKind,
  type StaffMember,
  type StaffMemberInput,
  type StaffMemberListQuery,
  type StaffMonth,
  type StaffMonthRow,
  type StaffStatus,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { allOf, type DbOrTx } from '../../db/client.js';
import { staffMembers } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { staffPolicy } from '../../policy/staff.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { dayKind, loadDayRules, markRefusal, monthDates, type DayRules } from '../calendar/index.js';
import { now } from '../../clock.js';
import { escapeLike } from '../../db/like.js';
import { rowsOf } from '../../db/rows.js';
import { schoolToday, sessionOn, userName } from './sql.js';

/**
 * The staff register (issue 42, first part): the school's staff without a sign-in (drivers,
 * attendants, guards), a date's register of everyone who works at the school (the active users of
 * roles 112–114 and the staff members working then), saved whole, and a month's register for payroll.
 *
 * Statements, whatever the number of people:
 * - a date's register (GET): the session containing the date (1), then together its rules (1) and
 *   the register with that date's marks and approved leave's codes (1);
 * - a save: the session (1) and its rules (1); then one transaction: BEGIN, the day's row upserted
 *   (it locks the date: a second save waits for the first), the register with its marks (1), every
 *   write in one statement (the marks upserted, the log) (1), COMMIT;
 * - a month: the sessions touching it (1), then together their rules (1 each: one, or two at a
 *   session's change) and every person's month with its leave days in one statement (1).
 */

// ---------------------------------------------------------------------------------------------
// Staff without a sign-in

interface MemberRow {
  id: string;
  fullName: string;
  designation: string;
  phone: string | null;
  joinedOn: string;
  leftOn: string | null;
  createdAt: Date;
}

const presentMember = (r: MemberRow): StaffMember => ({
  staffMemberId: r.id,
  fullName: r.fullName,
  designation: r.designation,
  phone: r.phone,
  joinedOn: r.joinedOn,
  leftOn: r.leftOn,
  createdAt: new Date(r.createdAt).toISOString(),
});

const memberColumns = {
  id: staffMembers.id,
  fullName: staffMembers.fullName,
  designation: staffMembers.designation,
  phone: staffMembers.phone,
  joinedOn: staffMembers.joinedOn,
  leftOn: staffMembers.leftOn,
  createdAt: staffMembers.createdAt,
};

/** The school's staff members by name: those still working (`current`: not left before today) or all, searched by name. */
export async function listStaffMembers(deps: Deps, caller: Caller, q: StaffMemberListQuery) {
  const schoolId = schoolOf(caller);
  const term = q.search?.trim().toLowerCase();
  const where = and(
    eq(staffMembers.schoolId, schoolId),
    q.current ? sql`(${staffMembers.leftOn} is null or ${staffMembers.leftOn} >= ${schoolToday(schoolId)})` : undefined,
    term ? sql`lower(${staffMembers.fullName}) like ${`%${escapeLike(term)}%`}` : undefined,
  );
  const db = tenantDb(deps, schoolId);
  const rows = await db
    .select({ ...memberColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(staffMembers)
    .where(where)
    .orderBy(asc(staffMembers.fullName), asc(staffMembers.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = rows[0]?.total ?? (q.page > 1 ? ((await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(staffMembers).where(where))[0]?.n ?? 0) : 0);
  return { items: rows.map(presentMember), total, page: q.page, pageSize: q.pageSize };
}

/** Adds a staff member without a sign-in; a last day before the first: 400. */
export async function createStaffMember(deps: Deps, caller: Caller, body: StaffMemberInput): Promise<StaffMember> {
  const schoolId = schoolOf(caller);
  const leftOn = body.leftOn ?? null;
  if (leftOn !== null && leftOn < body.joinedOn) {
    throw new AppError('BAD_REQUEST', 'The last day cannot be before the day of joining.', { reason: 'staff_left_before_joined', field: 'leftOn' });
  }
  const [row] = await tenantDb(deps, schoolId)
    .insert(staffMembers)
    .values({ schoolId, fullName: body.fullName.trim(), designation: body.designation.trim(), phone: body.phone ?? null, joinedOn: body.joinedOn, leftOn })
    .returning(memberColumns);
  return presentMember(row!);
}

// ---------------------------------------------------------------------------------------------
// A date's register

interface RegisterRow {
  kind: StaffKind;
  personId: string;
  fullName: string;
  roleId: number | null;
  designation: string | null;
  status: StaffStatus | null;
  checkInAt: string | null;
  lateMinutes: number | null;
  leaveCode: string | null;
  checkInInside?: boolean | null;
}


/**
 * The register of a date in one statement: the active users of roles 112–114 (by role, then name),
 * then the staff members working that day (by name), each with that date's saved row if any, and
 * when the date was saved. `lock` locks the saved rows (a save's transaction).
 */
async function readRegister(db: DbOrTx, schoolId: string, date: string): Promise<{ markedAt: string | null; people: RegisterRow[] }> {
  const u = sql.raw('u');
  const rows = rowsOf<{ markedAt: string | null; people: RegisterRow[] }>(
    await db.execute(sql`
      with people as (
        select 'user'::text as kind, u.id as person_id, ${userName('u')} as full_name, u.role_id::int as role_id, null::text as designation,
          ${staffPolicy.registerOrder(u)} as grp, a.status, a.check_in_at, a.late_minutes, a.check_in_inside,
          (select t.code from staff_leave_days ld join leave_types t on t.id = ld.leave_type_id
            where ld.school_id = u.school_id and ld.date = ${date}::date and ld.user_id = u.id limit 1) as leave_code
        from users u
        left join staff_attendance a on a.school_id = u.school_id and a.date = ${date}::date and a.user_id = u.id
        where u.school_id = ${schoolId} and ${staffPolicy.onRegister(u)} and u.status
        union all
        select 'member', m.id, m.full_name, null, m.designation, 99, a.status, a.check_in_at, a.late_minutes, a.check_in_inside, null
        from staff_members m
        left join staff_attendance a on a.school_id = m.school_id and a.date = ${date}::date and a.staff_member_id = m.id
        where m.school_id = ${schoolId} and m.joined_on <= ${date}::date and (m.left_on is null or m.left_on >= ${date}::date)
      ), listed as (
        select * from people order by grp, lower(full_name), person_id limit ${STAFF_LIMIT}
      )
      select (select d.marked_at from staff_attendance_days d where d.school_id = ${schoolId} and d.date = ${date}::date) as "markedAt",
        coalesce((select json_agg(json_build_object('kind', kind, 'personId', person_id, 'fullName', full_name, 'roleId', role_id,
          'designation', designation, 'status', status, 'checkInAt', check_in_at, 'lateMinutes', late_minutes, 'checkInInside', check_in_inside, 'leaveCode', leave_code)
          order by grp, lower(full_name), person_id) from listed), '[]'::json) as people`),
  );
  return rows[0] ?? { markedAt: null, people: [] };
}

function presentDay(date: string, rules: DayRules | null, canMark: boolean, markedAt: string | null, people: RegisterRow[]): StaffDay {
  const { kind, holiday } = rules ? dayKind(rules, date) : { kind: 'outside_session' as DayKind, holiday: null };
  const rows: StaffDayRow[] = people.map((p) => ({
    kind: p.kind,
    personId: p.personId,
    fullName: p.fullName,
    roleId: p.roleId,
    designation: p.designation,
    status: p.status ?? 'present',
    checkInAt: p.checkInAt ? new Date(p.checkInAt).toISOString() : null,
    lateMinutes: p.lateMinutes,
    checkInInside: p.checkInInside ?? null,
    leaveCode: p.leaveCode ?? null,
  }));
  return {
    date,
    dayKind: kind,
    holidayTitle: holiday?.title ?? null,
    canMark,
    final: markedAt !== null,
    markedAt: markedAt ? new Date(markedAt).toISOString() : null,
    people: rows,
    counts: staffCountsOf(rows),
  };
}

const OUTSIDE_SESSION = new AppError('BAD_REQUEST', 'This date is outside the session.', { reason: 'attendance_outside_session', field: 'date' });

/** `GET staffattendance?date=`: the register of a date, with its saved statuses or everyone present. */
export async function staffAttendanceDay(deps: Deps, caller: Caller, date: string): Promise<StaffDay> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const sessionId = await sessionOn(db, schoolId, date);
  const [rules, day] = await allOf(db, [
    () => (sessionId ? loadDayRules(db, schoolId, sessionId, date, date) : Promise.resolve(null)),
    () => readRegister(db, schoolId, date),
  ]);
  const canMark = staffPolicy.canMark(caller) && rules !== null && markRefusal(rules, date) === null;
  return presentDay(date, rules, canMark, day.markedAt, day.people);
}

const keyOf = (kind: StaffKind, personId: string) => `${kind}:${personId}`;

/** The marks must name every person of the register once: else 400 with how many are missing and extra. */
function checkRegister(marks: StaffDayBody['marks'], register: ReadonlySet<string>): void {
  const seen = new Set<string>();
  let extra = 0;
  for (const m of marks) {
    const k = keyOf(m.kind, m.personId);
    if (!register.has(k) || seen.has(k)) extra++;
    seen.add(k);
  }
  const missing = [...register].filter((k) => !seen.has(k)).length;
  if (missing || extra) {
    throw new AppError('BAD_REQUEST', `The list does not match the staff register: ${missing} people missing, ${extra} not on it.`, {
      reason: 'staff_register_mismatch',
      field: 'marks',
      params: { missing, extra },
    });
  }
}

/**
 * `POST staffattendance`: saves a date's register whole, in one transaction of constant statements:
 * the day's row (which locks the date), the register read again, then every mark upserted and the
 * save logged (the statuses that changed) in one statement. A date that cannot be marked, a list
 * that is not the register, or `on_leave` where approved leave did not write it: 400, nothing written.
 */
export async function saveStaffAttendance(deps: Deps, caller: Caller, body: StaffDayBody): Promise<StaffDay> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const sessionId = await sessionOn(db, schoolId, body.date);
  if (!sessionId) throw OUTSIDE_SESSION;
  const rules = await loadDayRules(db, schoolId, sessionId, body.date, body.date);
  const refusal = markRefusal(rules, body.date);
  if (refusal) throw refusal;

  return inTenant(deps, schoolId, async (tx) => {
    const at = now().toISOString();
    await tx.execute(sql`insert into staff_attendance_days (school_id, date, marked_by, marked_at)
      values (${schoolId}, ${body.date}::date, ${caller.userId}, ${at}::timestamptz)
      on conflict (school_id, date) do update set marked_by = excluded.marked_by, marked_at = excluded.marked_at`);
    const { people } = await readRegister(tx, schoolId, body.date);
    checkRegister(body.marks, new Set(people.map((p) => keyOf(p.kind, p.personId))));
    const next = new Map(body.marks.map((m) => [keyOf(m.kind, m.personId), m.status]));
    const leave = people.find((p) => next.get(keyOf(p.kind, p.personId)) === 'on_leave' && p.status !== 'on_leave');
    if (leave) {
      throw new AppError('BAD_REQUEST', `${leave.fullName} is not on approved leave on this date.`, { reason: 'on_leave_needs_leave', field: 'marks', params: { name: leave.fullName } });
    }
    const changes = people
      .filter((p) => p.status !== next.get(keyOf(p.kind, p.personId)))
      .map((p) => ({ kind: p.kind, personId: p.personId, fullName: p.fullName, from: p.status, to: next.get(keyOf(p.kind, p.personId))! }));
    const marksJson = JSON.stringify(body.marks.map((m) => ({ kind: m.kind, person_id: m.personId, status: m.status })));
    const details = JSON.stringify({ action: people.every((p) => p.status === null) ? 'marked' : 'changed', changes });
    // Every write in one statement: the users' marks and the members' (each kind has its partial
    // unique index), and the log when a status changed.
    await tx.execute(sql`
      with marks as (
        select x.kind, x.person_id, x.status from json_to_recordset(${marksJson}::json) as x(kind text, person_id uuid, status text)
      ), by_users as (
        insert into staff_attendance (school_id, date, user_id, status, marked_by, updated_at)
        select ${schoolId}::uuid, ${body.date}::date, m.person_id, m.status, ${caller.userId}::uuid, ${at}::timestamptz from marks m where m.kind = 'user'
        on conflict (school_id, date, user_id) where user_id is not null do update set
          status = excluded.status, marked_by = excluded.marked_by, updated_at = excluded.updated_at
          where staff_attendance.status is distinct from excluded.status
        returning 1
      ), by_members as (
        insert into staff_attendance (school_id, date, staff_member_id, status, marked_by, updated_at)
        select ${schoolId}::uuid, ${body.date}::date, m.person_id, m.status, ${caller.userId}::uuid, ${at}::timestamptz from marks m where m.kind = 'member'
        on conflict (school_id, date, staff_member_id) where staff_member_id is not null do update set
          status = excluded.status, marked_by = excluded.marked_by, updated_at = excluded.updated_at
          where staff_attendance.status is distinct from excluded.status
        returning 1
      ), logged as (
        insert into staff_attendance_logs (school_id, date, user_id, details)
        select ${schoolId}::uuid, ${body.date}::date, ${caller.userId}::uuid, ${details}::jsonb where ${changes.length > 0}::boolean
        returning 1
      )
      select (select count(*) from by_users) + (select count(*) from by_members) + (select count(*) from logged) as n`);
    const saved = people.map((p) => ({ ...p, status: next.get(keyOf(p.kind, p.personId))! }));
    return presentDay(body.date, rules, true, at, saved);
  });
}

// ---------------------------------------------------------------------------------------------
// A month's register

interface MonthPerson {
  kind: StaffKind;
  personId: string;
  fullName: string;
  roleId: number | null;
  designation: string | null;
  days: Array<{ date: string; status: StaffStatus; late: number | null }> | null;
  /** The month's approved leave days (staff_leave_days): the type's code, halves, paid or not. */
  leave: Array<{ code: string; halves: number; paid: boolean }> | null;
}

/**
 * Everyone on the register on any day of the month (active users of roles 112–114, the members
 * working some day of it), with the month's saved rows, and the number of saved dates: one statement.
 */
async function readMonth(db: DbOrTx, schoolId: string, first: string, last: string): Promise<{ savedDays: number; people: MonthPerson[] }> {
  const u = sql.raw('u');
  const marks = (column: SQL) => sql`(select json_agg(json_build_object('date', a.date, 'status', a.status, 'late', a.late_minutes))
    from staff_attendance a where a.school_id = ${schoolId} and a.date between ${first}::date and ${last}::date and ${column})`;
  const rows = rowsOf<{ savedDays: number; people: MonthPerson[] }>(
    await db.execute(sql`
      with people as (
        select 'user'::text as kind, u.id as person_id, ${userName('u')} as full_name, u.role_id::int as role_id, null::text as designation,
          ${staffPolicy.registerOrder(u)} as grp, ${marks(sql`a.user_id = u.id`)} as days,
          (select json_agg(json_build_object('code', t.code, 'halves', ld.halves, 'paid', ld.paid)) from staff_leave_days ld join leave_types t on t.id = ld.leave_type_id
            where ld.school_id = u.school_id and ld.user_id = u.id and ld.date between ${first}::date and ${last}::date) as leave
        from users u
        where u.school_id = ${schoolId} and ${staffPolicy.onRegister(u)} and u.status
        union all
        select 'member', m.id, m.full_name, null, m.designation, 99, ${marks(sql`a.staff_member_id = m.id`)}, null
        from staff_members m
        where m.school_id = ${schoolId} and m.joined_on <= ${last}::date and (m.left_on is null or m.left_on >= ${first}::date)
      ), listed as (
        select * from people order by grp, lower(full_name), person_id limit ${STAFF_LIMIT}
      )
      select (select count(*)::int from staff_attendance_days d where d.school_id = ${schoolId} and d.date between ${first}::date and ${last}::date) as "savedDays",
        coalesce((select json_agg(json_build_object('kind', kind, 'personId', person_id, 'fullName', full_name, 'roleId', role_id,
          'designation', designation, 'days', days, 'leave', leave) order by grp, lower(full_name), person_id) from listed), '[]'::json) as people`),
  );
  return rows[0] ?? { savedDays: 0, people: [] };
}

function monthRow(p: MonthPerson, dates: readonly string[]): StaffMonthRow {
  const byDate = new Map((p.days ?? []).map((d) => [d.date.slice(0, 10), d]));
  const row: StaffMonthRow = { kind: p.kind, personId: p.personId, fullName: p.fullName, roleId: p.roleId, designation: p.designation, marks: '', present: 0, absent: 0, halfDays: 0, onLeave: 0, onDuty: 0, late: 0, leaveByType: {}, withoutPay: 0 };
  for (const date of dates) {
    const d = byDate.get(date);
    row.marks += d ? STAFF_MONTH_MARK[d.status] : '-';
    if (!d) continue;
    if (d.status === 'present') row.present++;
    else if (d.status === 'absent') row.absent++;
    else if (d.status === 'half_first' || d.status === 'half_second') row.halfDays++;
    else if (d.status === 'on_leave') row.onLeave++;
    else row.onDuty++;
    if ((d.late ?? 0) > 0) row.late++;
  }
  for (const l of p.leave ?? []) {
    row.leaveByType[l.code] = (row.leaveByType[l.code] ?? 0) + l.halves / 2;
    if (!l.paid) row.withoutPay += l.halves / 2;
  }
  return row;
}

/** `GET staffattendance/month?month=`: the month's days with their kind, and each person's month. */
export async function staffAttendanceMonth(deps: Deps, caller: Caller, month: string): Promise<StaffMonth> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const dates = monthDates(month);
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const sessions = rowsOf<{ id: string }>(
    await db.execute(sql`select id from academic_sessions where school_id = ${schoolId} and start_date <= ${last}::date and end_date >= ${first}::date
      order by is_current desc, start_date desc`),
  );
  const [rulesList, data] = await allOf(db, [
    () => Promise.all(sessions.map((s) => loadDayRules(db, schoolId, s.id, first, last))),
    () => readMonth(db, schoolId, first, last),
  ]);
  const days = dates.map((date) => {
    const rules = rulesList.find((r) => r.session.startDate <= date && date <= r.session.endDate);
    const { kind, holiday } = rules ? dayKind(rules, date) : { kind: 'outside_session' as DayKind, holiday: null };
    return { date, kind, holidayTitle: holiday?.title ?? null };
  });
  return { month, days, savedDays: data.savedDays, people: data.people.map((p) => monthRow(p, dates)) };
}

const CSV_TEXTS = {
  en: {
    header: ['Name', 'Role or designation'],
    counts: ['Present', 'Absent', 'Half days', 'On leave', 'On duty', 'Late'],
    withoutPay: 'Without pay',
    roles: { [ROLE.SYSTEM_ADMIN]: 'System admin', [ROLE.PRINCIPAL]: 'Principal', [ROLE.TEACHER]: 'Teacher' } as Record<number, string>,
  },
  hi: {
    header: ['नाम', 'भूमिका या पद'],
    counts: ['उपस्थित', 'अनुपस्थित', 'आधे दिन', 'छुट्टी पर', 'ड्यूटी पर', 'देर से'],
    withoutPay: 'बिना वेतन',
    roles: { [ROLE.SYSTEM_ADMIN]: 'सिस्टम एडमिन', [ROLE.PRINCIPAL]: 'प्रधानाचार्य', [ROLE.TEACHER]: 'शिक्षक' } as Record<number, string>,
  },
} as const;

/**
 * The month's register as CSV (with a byte order mark): a column a day, then the counts, the leave
 * days of each type seen (by code) and those without pay; headed in `lang`.
 */
export async function staffAttendanceMonthCsv(deps: Deps, caller: Caller, q: { month: string; lang: 'en' | 'hi' }): Promise<string> {
  const m = await staffAttendanceMonth(deps, caller, q.month);
  const t = CSV_TEXTS[q.lang];
  const codes = [...new Set(m.people.flatMap((p) => Object.keys(p.leaveByType)))].sort();
  const header = [...t.header, ...m.days.map((d) => String(Number(d.date.slice(8, 10)))), ...t.counts, ...codes, t.withoutPay];
  const rows = m.people.map((p) => [
    p.fullName,
    p.designation ?? t.roles[p.roleId ?? 0] ?? '',
    ...p.marks.split(''),
    p.present,
    p.absent,
    p.halfDays,
    p.onLeave,
    p.onDuty,
    p.late,
    ...codes.map((c) => p.leaveByType[c] ?? 0),
    p.withoutPay,
  ]);
  return `\uFEFF${csvText(header, rows)}`;
}
