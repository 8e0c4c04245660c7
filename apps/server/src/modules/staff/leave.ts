import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  type LeaveBalanceInput,
  type LeaveBalances,
  type LeaveStatus,
  type LeaveType,
  type LeaveTypeInput,
  type StaffLeave,
  type StaffLeaveDecision,
  type StaffLeaveInput,
  type StaffLeaveQuery,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { isUniqueViolation, violatedConstraint } from '../../db/errors.js';
import { rowsOf } from '../../db/rows.js';
import { leaveTypes } from '../../db/schema.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { AppError, notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { staffPolicy } from '../../policy/staff.js';
import type { Storage } from '../../adapters/storage/index.js';
import { now } from '../../clock.js';
import { afterCommit, notify, notifyRoles, type Delivery } from '../notifications/service.js';
import { addDays, dayKind, loadDayRules, type DayRules } from '../calendar/index.js';
import { schoolToday, sessionOn, userName } from './sql.js';
import { attachPrivateUpload } from '../files/service.js';

/**
 * Staff leave (issue 42): leave types, balances a session, applications and their decisions. Day
 * counts are kept in halves (integers) and shown in days. Approval locks the leave and the balance
 * row, moves `used` (what the balance lacks is without pay), and writes the leave's school days and
 * the register's "on leave" in one statement; cancelling an approved leave before its first day
 * undoes the three. Overlaps are refused by the exclusion constraint `staff_leaves_no_overlap`.
 */

const toHalves = (days: number) => Math.round(days * 2);
const LINK = '/staffleave';
const OUTSIDE_SESSION = () => new AppError('BAD_REQUEST', 'These dates are outside one session.', { reason: 'attendance_outside_session', field: 'toDate' });

// ---------------------------------------------------------------------------------------------
// Leave types

type TypeRow = typeof leaveTypes.$inferSelect;
const presentType = (t: TypeRow): LeaveType => ({
  leaveTypeId: t.id,
  code: t.code,
  name: t.name,
  nameHi: t.nameHi,
  daysPerSession: t.daysPerSession / 2,
  carryForwardMax: t.carryForwardMax / 2,
  halfDayAllowed: t.halfDayAllowed,
  documentAfterDays: t.documentAfterDays,
  active: t.active,
});
const typeValues = (b: LeaveTypeInput) => ({
  code: b.code.trim().toUpperCase(),
  name: b.name.trim(),
  nameHi: b.nameHi?.trim() || null,
  daysPerSession: toHalves(b.daysPerSession),
  carryForwardMax: toHalves(b.carryForwardMax),
  halfDayAllowed: b.halfDayAllowed,
  documentAfterDays: b.documentAfterDays,
  active: b.active,
});
const typeTaken = (err: unknown, code: string) =>
  isUniqueViolation(err) ? new AppError('CONFLICT', `The code ${code} is taken.`, { reason: 'leave_type_taken', field: 'code', params: { code } }) : err;

export async function listLeaveTypes(deps: Deps, caller: Caller): Promise<{ items: LeaveType[] }> {
  const schoolId = schoolOf(caller);
  const rows = await tenantDb(deps, schoolId).select().from(leaveTypes).where(eq(leaveTypes.schoolId, schoolId)).orderBy(desc(leaveTypes.active), asc(leaveTypes.code));
  return { items: rows.map(presentType) };
}

export async function createLeaveType(deps: Deps, caller: Caller, body: LeaveTypeInput): Promise<LeaveType> {
  const schoolId = schoolOf(caller);
  const values = typeValues(body);
  try {
    const [row] = await tenantDb(deps, schoolId).insert(leaveTypes).values({ schoolId, ...values }).returning();
    return presentType(row!);
  } catch (err) {
    throw typeTaken(err, values.code);
  }
}

/** Changes a type; its new grant applies to the balances not set by hand (never below what they used). */
export async function updateLeaveType(deps: Deps, caller: Caller, leaveTypeId: string, body: LeaveTypeInput): Promise<LeaveType> {
  const schoolId = schoolOf(caller);
  const values = typeValues(body);
  try {
    return await inTenant(deps, schoolId, async (tx) => {
      const [row] = await tx.update(leaveTypes).set(values).where(and(eq(leaveTypes.schoolId, schoolId), eq(leaveTypes.id, leaveTypeId))).returning();
      if (!row) throw notFound('Leave type');
      await tx.execute(sql`update leave_balances set granted = greatest(${values.daysPerSession}::int, used - opening), updated_at = ${now().toISOString()}::timestamptz
        where school_id = ${schoolId} and leave_type_id = ${leaveTypeId} and not set_by_hand`);
      return presentType(row);
    });
  } catch (err) {
    throw typeTaken(err, values.code);
  }
}

// ---------------------------------------------------------------------------------------------
// Balances

/** A balance's opening when its row is first made: the previous session's rest of the type, up to its carry forward (SQL over `t` a type and `s` a session). */
const carried = (userId: string | SQL) => sql`coalesce((select least(t.carry_forward_max, p.opening + p.granted - p.used)
  from leave_balances p join academic_sessions ps on ps.id = p.session_id
  where p.school_id = t.school_id and p.user_id = ${userId}::uuid and p.leave_type_id = t.id and ps.end_date < s.start_date
  order by ps.end_date desc limit 1), 0)`;

/** Makes the balance row of a person, type and session if missing, then locks it and reads it (halves). */
async function lockBalance(tx: Tx, schoolId: string, userId: string, leaveTypeId: string, sessionId: string) {
  await tx.execute(sql`insert into leave_balances (school_id, user_id, leave_type_id, session_id, opening, granted, used)
    select t.school_id, ${userId}::uuid, t.id, s.id, ${carried(userId)}, t.days_per_session, 0
    from leave_types t join academic_sessions s on s.school_id = t.school_id and s.id = ${sessionId}
    where t.school_id = ${schoolId} and t.id = ${leaveTypeId}
    on conflict do nothing`);
  const [row] = rowsOf<{ opening: number; granted: number; used: number }>(
    await tx.execute(sql`select opening, granted, used from leave_balances
      where school_id = ${schoolId} and user_id = ${userId} and leave_type_id = ${leaveTypeId} and session_id = ${sessionId} for update`),
  );
  return row!;
}

/** A person of the register's balances in the current session, by type, in one statement (null: not a person of the register). */
async function readBalances(db: DbOrTx, schoolId: string, userId: string): Promise<LeaveBalances | null> {
  const u = sql.raw('u');
  const [row] = rowsOf<{ fullName: string; sessionId: string | null; balances: Array<{ id: string; code: string; name: string; nameHi: string | null; opening: number; granted: number; used: number }> }>(
    await db.execute(sql`
      with s as (select id, start_date from academic_sessions where school_id = ${schoolId} and is_current limit 1)
      select ${userName('u')} as "fullName", (select id from s) as "sessionId",
        coalesce((select json_agg(json_build_object('id', t.id, 'code', t.code, 'name', t.name, 'nameHi', t.name_hi,
          'opening', coalesce(b.opening, ${carried(userId)}), 'granted', coalesce(b.granted, t.days_per_session), 'used', coalesce(b.used, 0)) order by t.code)
          from leave_types t cross join s
          left join leave_balances b on b.school_id = t.school_id and b.user_id = ${userId} and b.leave_type_id = t.id and b.session_id = s.id
          where t.school_id = ${schoolId} and (t.active or b.user_id is not null)), '[]'::json) as balances
      from users u where u.school_id = ${schoolId} and u.id = ${userId} and ${staffPolicy.onRegister(u)}`),
  );
  if (!row) return null;
  return {
    userId,
    fullName: row.fullName,
    sessionId: row.sessionId,
    balances: row.balances.map((b) => ({
      leaveTypeId: b.id,
      code: b.code,
      name: b.name,
      nameHi: b.nameHi,
      opening: b.opening / 2,
      granted: b.granted / 2,
      used: b.used / 2,
      available: Math.max(0, b.opening + b.granted - b.used) / 2,
    })),
  };
}

/** `GET staffleave/balances`: an admin reads anyone's of the register, a teacher its own (another id: 404). */
export async function leaveBalances(deps: Deps, caller: Caller, userId?: string): Promise<LeaveBalances> {
  const schoolId = schoolOf(caller);
  const whose = staffPolicy.balanceOf(caller, userId);
  const found = whose ? await readBalances(tenantDb(deps, schoolId), schoolId, whose) : null;
  if (!found) throw notFound('Staff');
  return found;
}

/** `POST staffleave/balances`: sets a person's opening and granted days of a type for the current session; never below what is used (409). */
export async function saveLeaveBalance(deps: Deps, caller: Caller, body: LeaveBalanceInput): Promise<LeaveBalances> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const current = await readBalances(db, schoolId, body.userId);
  if (!current) throw notFound('Staff');
  if (!current.sessionId) throw OUTSIDE_SESSION();
  const sessionId = current.sessionId;
  const [type] = await db.select({ id: leaveTypes.id }).from(leaveTypes).where(and(eq(leaveTypes.schoolId, schoolId), eq(leaveTypes.id, body.leaveTypeId)));
  if (!type) throw notFound('Leave type');
  const opening = toHalves(body.opening);
  const granted = toHalves(body.granted);
  await inTenant(deps, schoolId, async (tx) => {
    const b = await lockBalance(tx, schoolId, body.userId, body.leaveTypeId, sessionId);
    if (opening + granted < b.used) {
      throw new AppError('CONFLICT', `${b.used / 2} days are used already.`, { reason: 'balance_below_used', field: 'granted', params: { used: b.used / 2 } });
    }
    await tx.execute(sql`update leave_balances set opening = ${opening}, granted = ${granted}, set_by_hand = true, updated_at = ${now().toISOString()}::timestamptz
      where school_id = ${schoolId} and user_id = ${body.userId} and leave_type_id = ${body.leaveTypeId} and session_id = ${sessionId}`);
  });
  return (await readBalances(db, schoolId, body.userId))!;
}

// ---------------------------------------------------------------------------------------------
// Applications

interface LeaveRow {
  id: string;
  userId: string;
  fullName: string;
  leaveTypeId: string;
  sessionId: string;
  code: string;
  typeName: string;
  typeNameHi: string | null;
  fromDate: string;
  toDate: string;
  half: 'first' | 'second' | null;
  days: number;
  paid: number | null;
  unpaid: number | null;
  reason: string;
  fileName: string | null;
  originalName: string | null;
  mime: string | null;
  size: number | null;
  status: LeaveStatus;
  decidedByName: string | null;
  decidedAt: string | Date | null;
  comment: string | null;
  createdAt: string | Date;
  today: string;
  total: number;
}

/** Leaves of the school matching `where` (over `l`), newest first, with the school's today and the count: one statement. */
async function readLeaves(db: DbOrTx, schoolId: string, where: SQL, page = { limit: 1, offset: 0 }, lock = false): Promise<LeaveRow[]> {
  return rowsOf<LeaveRow>(
    await db.execute(sql`
      select l.id, l.user_id as "userId", ${userName('u')} as "fullName", l.leave_type_id as "leaveTypeId", l.session_id as "sessionId",
        t.code, t.name as "typeName", t.name_hi as "typeNameHi", l.from_date::text as "fromDate", l.to_date::text as "toDate", l.half, l.days, l.paid, l.unpaid,
        l.reason, f.name as "fileName", f.original_name as "originalName", f.mime, f.size, l.status,
        case when d.id is null then null else ${userName('d')} end as "decidedByName", l.decided_at as "decidedAt", l.comment, l.created_at as "createdAt",
        ${schoolToday(schoolId)}::text as today, ${lock ? sql`1` : sql`count(*) over ()::int`} as total
      from staff_leaves l
      join users u on u.id = l.user_id
      join leave_types t on t.id = l.leave_type_id
      join schools sc on sc.id = l.school_id
      left join files f on f.name = l.file_name
      left join users d on d.id = l.decided_by
      where l.school_id = ${schoolId} and ${where}
      order by l.created_at desc, l.id desc limit ${page.limit} offset ${page.offset}
      ${lock ? sql`for update of l` : sql``}`),
  );
}

function presentLeave(r: LeaveRow, caller: Caller): StaffLeave {
  const admin = staffPolicy.leaveAdmin(caller);
  const own = r.userId === caller.userId;
  return {
    leaveId: r.id,
    userId: r.userId,
    fullName: r.fullName,
    leaveTypeId: r.leaveTypeId,
    code: r.code,
    typeName: r.typeName,
    typeNameHi: r.typeNameHi,
    fromDate: r.fromDate,
    toDate: r.toDate,
    half: r.half,
    days: r.days / 2,
    paidDays: r.paid === null ? null : r.paid / 2,
    unpaidDays: r.unpaid === null ? null : r.unpaid / 2,
    reason: r.reason,
    file: r.fileName ? { name: r.fileName, originalName: r.originalName ?? r.fileName, mime: r.mime ?? 'application/octet-stream', size: r.size ?? 0 } : null,
    status: r.status,
    decidedByName: r.decidedByName,
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    comment: r.comment,
    createdAt: new Date(r.createdAt).toISOString(),
    canCancel: (own || admin) && (r.status === 'pending' || (r.status === 'approved' && r.today < r.fromDate)),
    canDecide: admin && !own && r.status === 'pending',
  };
}

/** One leave the caller may see (404 otherwise), optionally locked. */
async function oneLeave(db: DbOrTx, caller: Caller, leaveId: string, lock = false): Promise<LeaveRow> {
  const [row] = await readLeaves(db, schoolOf(caller), sql`l.id = ${leaveId} and ${staffPolicy.leaveVisible(caller, sql.raw('l'))}`, undefined, lock);
  if (!row) throw notFound('Leave');
  return row;
}

/** `GET staffleave`: admins everyone's (or `mine`), a teacher its own; newest first. */
export async function listStaffLeave(deps: Deps, caller: Caller, q: StaffLeaveQuery) {
  const schoolId = schoolOf(caller);
  const where = and(
    q.mine ? sql`l.user_id = ${caller.userId}` : staffPolicy.leaveVisible(caller, sql.raw('l')),
    q.status ? sql`l.status = ${q.status}` : undefined,
  )!;
  const rows = await readLeaves(tenantDb(deps, schoolId), schoolId, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  const total = rows[0]?.total ?? (q.page > 1 ? ((await readLeaves(tenantDb(deps, schoolId), schoolId, where))[0]?.total ?? 0) : 0);
  return { items: rows.map((r) => presentLeave(r, caller)), total, page: q.page, pageSize: q.pageSize };
}

/** The school days (school or future, by `dayKind`) from `from` to `to`. */
function schoolDates(rules: DayRules, from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const kind = dayKind(rules, d).kind;
    if (kind === 'school' || kind === 'future') out.push(d);
  }
  return out;
}

/** The notification's params of a leave. */
const paramsOf = (r: Pick<LeaveRow, 'fullName' | 'code' | 'fromDate' | 'toDate'>, halves: number, status?: LeaveStatus, comment?: string | null) => ({
  name: r.fullName,
  code: r.code,
  fromDate: r.fromDate,
  toDate: r.toDate,
  days: halves / 2,
  ...(status ? { status, comment: comment ?? '' } : {}),
});

/** Tells the school's admins (but `except`) of a leave. */
const tellAdmins = (via: Delivery, tx: Tx, schoolId: string, caller: Caller, params: Record<string, string | number>, except: string) =>
  notifyRoles(via, tx, { schoolId, roles: staffPolicy.LEAVE_ADMINS, exceptUserId: except, senderId: caller.userId, senderName: caller.name, kind: 'staff_leave', params, link: LINK });

/**
 * `POST staffleave`: the caller's own application. The type must be active (409), a half day of a
 * type that allows it (400), the range in one session (400) with a school day (409), a document
 * beyond the type's days (400), the file the caller's own upload (400); an overlap: 409.
 */
export async function applyStaffLeave(deps: Deps, caller: Caller, body: StaffLeaveInput): Promise<StaffLeave> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const [type] = await db.select().from(leaveTypes).where(and(eq(leaveTypes.schoolId, schoolId), eq(leaveTypes.id, body.leaveTypeId)));
  if (!type) throw notFound('Leave type');
  if (!type.active) throw new AppError('CONFLICT', `${type.code} leave is no longer given.`, { reason: 'leave_type_inactive', field: 'leaveTypeId', params: { code: type.code } });
  const half = body.half ?? null;
  if (half && !type.halfDayAllowed) {
    throw new AppError('BAD_REQUEST', `${type.code} leave is taken in whole days.`, { reason: 'half_day_not_allowed', field: 'half', params: { code: type.code } });
  }
  const sessionId = await sessionOn(db, schoolId, body.fromDate);
  if (!sessionId) throw OUTSIDE_SESSION();
  const rules = await loadDayRules(db, schoolId, sessionId, body.fromDate, body.toDate);
  if (body.toDate > rules.session.endDate) throw OUTSIDE_SESSION();
  const dates = schoolDates(rules, body.fromDate, body.toDate);
  if (!dates.length) throw new AppError('CONFLICT', 'These dates hold no school day.', { reason: 'no_working_days', field: 'fromDate' });
  const halves = half ? 1 : dates.length * 2;
  const file = body.file ?? null;
  if (type.documentAfterDays !== null && halves > type.documentAfterDays * 2 && !file) {
    throw new AppError('BAD_REQUEST', `A document is needed for more than ${type.documentAfterDays} days.`, { reason: 'leave_document_needed', field: 'file', params: { days: type.documentAfterDays } });
  }
  const { via, flush } = afterCommit(deps);
  let leaveId: string;
  try {
    leaveId = await inTenant(deps, schoolId, async (tx) => {
      if (file) await attachPrivateUpload(tx, caller, schoolId, file, 'file');
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into staff_leaves (school_id, user_id, leave_type_id, session_id, from_date, to_date, half, days, reason, file_name, created_at)
          values (${schoolId}, ${caller.userId}, ${type.id}, ${sessionId}, ${body.fromDate}::date, ${body.toDate}::date, ${half}, ${halves}, ${body.reason}, ${file}, ${now().toISOString()}::timestamptz)
          returning id`),
      );
      await tellAdmins(via, tx, schoolId, caller, paramsOf({ fullName: caller.name, code: type.code, fromDate: body.fromDate, toDate: body.toDate }, halves), caller.userId);
      return row!.id;
    });
  } catch (err) {
    if (violatedConstraint(err) !== 'staff_leaves_no_overlap') throw err;
    const [other] = await readLeaves(db, schoolId, sql`l.user_id = ${caller.userId} and l.status in ('pending', 'approved') and l.from_date <= ${body.toDate}::date and l.to_date >= ${body.fromDate}::date`);
    throw new AppError('CONFLICT', 'These dates overlap your other leave.', { reason: 'leave_overlap', field: 'fromDate', params: { fromDate: other?.fromDate ?? '', toDate: other?.toDate ?? '' } });
  }
  flush();
  return presentLeave(await oneLeave(db, caller, leaveId), caller);
}

const decided = (status: LeaveStatus) => new AppError('CONFLICT', `This leave is ${status} already.`, { reason: 'leave_decided', params: { status } });

/**
 * `POST staffleave/:leaveId/decision`: one transaction. Approval locks the leave and the balance
 * row (made if missing), pays what the balance holds (the rest without pay), and in one statement
 * moves `used`, writes the leave's school days and the register (on leave; a half day: present the
 * other half); the applicant is told. One's own: 403; decided already: 409.
 */
export async function decideStaffLeave(deps: Deps, caller: Caller, leaveId: string, body: StaffLeaveDecision): Promise<StaffLeave> {
  const schoolId = schoolOf(caller);
  const { via, flush } = afterCommit(deps);
  await inTenant(deps, schoolId, async (tx) => {
    const l = await oneLeave(tx, caller, leaveId, true);
    if (l.userId === caller.userId) throw new AppError('FORBIDDEN', 'Your own leave is decided by another admin.', { reason: 'own_leave' });
    if (l.status !== 'pending') throw decided(l.status);
    const at = now().toISOString();
    const comment = body.comment?.trim() || null;
    let halves = l.days;
    if (body.decision === 'decline') {
      await tx.execute(sql`update staff_leaves set status = 'declined', decided_by = ${caller.userId}, decided_at = ${at}::timestamptz, comment = ${comment} where id = ${l.id}`);
    } else {
      const rules = await loadDayRules(tx, schoolId, l.sessionId, l.fromDate, l.toDate);
      const dates = schoolDates(rules, l.fromDate, l.toDate);
      const perDay = l.half ? 1 : 2;
      halves = dates.length * perDay;
      const b = await lockBalance(tx, schoolId, l.userId, l.leaveTypeId, l.sessionId);
      const paid = Math.min(halves, Math.max(0, b.opening + b.granted - b.used));
      let left = paid;
      const days: Array<{ date: string; halves: number; paid: boolean }> = [];
      for (const date of dates) {
        const p = Math.min(perDay, left);
        left -= p;
        if (p > 0) days.push({ date, halves: p, paid: true });
        if (perDay - p > 0) days.push({ date, halves: perDay - p, paid: false });
      }
      const status = l.half === 'first' ? 'half_second' : l.half === 'second' ? 'half_first' : 'on_leave';
      await tx.execute(sql`
        with balance as (
          update leave_balances set used = used + ${paid}, updated_at = ${at}::timestamptz
          where school_id = ${schoolId} and user_id = ${l.userId} and leave_type_id = ${l.leaveTypeId} and session_id = ${l.sessionId} returning 1
        ), leave as (
          update staff_leaves set status = 'approved', days = ${halves}, paid = ${paid}, unpaid = ${halves - paid},
            decided_by = ${caller.userId}, decided_at = ${at}::timestamptz, comment = ${comment} where id = ${l.id} returning 1
        ), days as (
          insert into staff_leave_days (school_id, leave_id, user_id, leave_type_id, date, halves, paid)
          select ${schoolId}::uuid, ${l.id}::uuid, ${l.userId}::uuid, ${l.leaveTypeId}::uuid, x.date, x.halves, x.paid
          from json_to_recordset(${JSON.stringify(days)}::json) as x(date date, halves smallint, paid boolean) returning 1
        ), register as (
          insert into staff_attendance (school_id, date, user_id, status, marked_by, updated_at)
          select ${schoolId}::uuid, d::date, ${l.userId}::uuid, ${status}, ${caller.userId}::uuid, ${at}::timestamptz
          from unnest(string_to_array(${dates.join(',')}, ',')) as d
          on conflict (school_id, date, user_id) where user_id is not null do update set status = excluded.status, marked_by = excluded.marked_by, updated_at = excluded.updated_at
          returning 1
        )
        select (select count(*) from balance) + (select count(*) from leave) + (select count(*) from days) + (select count(*) from register) as n`);
    }
    const status = body.decision === 'approve' ? 'approved' : 'declined';
    await notify(via, tx, { schoolId, userId: l.userId, senderId: caller.userId, senderName: caller.name, kind: 'staff_leave', params: paramsOf(l, halves, status, comment), link: LINK });
  });
  flush();
  return presentLeave(await oneLeave(tenantDb(deps, schoolId), caller, leaveId), caller);
}

/**
 * `POST staffleave/:leaveId/cancel`: by its applicant or an admin; pending any time, approved only
 * before its first day (409 leave_started), which gives the days back and clears the register's
 * rows the approval wrote, in one statement. The other side is told.
 */
export async function cancelStaffLeave(deps: Deps, caller: Caller, leaveId: string, body: { comment?: string | null }): Promise<StaffLeave> {
  const schoolId = schoolOf(caller);
  const { via, flush } = afterCommit(deps);
  await inTenant(deps, schoolId, async (tx) => {
    const l = await oneLeave(tx, caller, leaveId, true);
    if (l.status !== 'pending' && l.status !== 'approved') throw decided(l.status);
    if (l.status === 'approved' && !(l.today < l.fromDate)) {
      throw new AppError('CONFLICT', 'This leave has begun: it cannot be cancelled.', { reason: 'leave_started', params: { fromDate: l.fromDate } });
    }
    const comment = body.comment?.trim() || null;
    await tx.execute(sql`
      with back as (
        update leave_balances set used = used - ${l.paid ?? 0}, updated_at = ${now().toISOString()}::timestamptz
        where ${l.status === 'approved'}::boolean and school_id = ${schoolId} and user_id = ${l.userId} and leave_type_id = ${l.leaveTypeId} and session_id = ${l.sessionId} returning 1
      ), register as (
        delete from staff_attendance a where a.school_id = ${schoolId} and a.user_id = ${l.userId} and a.status in ('on_leave', 'half_first', 'half_second')
          and a.date in (select d.date from staff_leave_days d where d.leave_id = ${l.id}) returning 1
      ), days as (
        delete from staff_leave_days where leave_id = ${l.id} returning 1
      ), leave as (
        update staff_leaves set status = 'cancelled', comment = coalesce(${comment}, comment) where id = ${l.id} returning 1
      )
      select (select count(*) from back) + (select count(*) from register) + (select count(*) from days) + (select count(*) from leave) as n`);
    const params = paramsOf(l, l.days, 'cancelled', comment);
    if (l.userId === caller.userId) await tellAdmins(via, tx, schoolId, caller, params, caller.userId);
    else await notify(via, tx, { schoolId, userId: l.userId, senderId: caller.userId, senderName: caller.name, kind: 'staff_leave', params, link: LINK });
  });
  flush();
  return presentLeave(await oneLeave(tenantDb(deps, schoolId), caller, leaveId), caller);
}

/** `GET staffleave/:leaveId/file`: a leave's document, for its applicant and the admins; anything else 404. */
export async function openStaffLeaveFile(deps: Deps, storage: Storage, caller: Caller, leaveId: string) {
  const l = await oneLeave(tenantDb(deps, schoolOf(caller)), caller, leaveId);
  if (!l.fileName) throw notFound('File');
  const found = await storage.get(l.fileName);
  if (!found) throw notFound('File');
  return { ...found, mime: l.mime ?? 'application/octet-stream', originalName: l.originalName ?? l.fileName };
}
