import { sql, type SQL } from 'drizzle-orm';
import {
  leaveMark,
  STUDENT_LEAVE_LIMITS,
  type LeaveStatus,
  type StudentLeave,
  type StudentLeaveCancel,
  type StudentLeaveDecision,
  type StudentLeaveInput,
  type StudentLeaveQuery,
  type StudentLeaveReason,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { rowsOf } from '../../db/rows.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { AppError, notFound } from '../../errors.js';
import { schoolOf } from '../../policy/index.js';
import { studentLeavePolicy } from '../../policy/student-leave.js';
import type { Storage } from '../../adapters/storage/index.js';
import { now } from '../../clock.js';
import { afterCommit, notify, type Delivery } from '../notifications/service.js';
import { addDays, dayKind, loadDayRules } from '../calendar/index.js';
import { attachPrivateUpload } from '../files/service.js';

/**
 * Leave asked by parents (issue 43). A parent asks for its child; the class teacher (the class the
 * child was in, in the request's session, when asked) or the principal decides. Approval rewrites
 * the child's saved marks of the range to `leaveMark(reason)` and logs each day's change as from
 * the request, in one statement; the marking list shows approved days before a save
 * (`attendance/mark.ts` reads this table). Overlaps are refused by `student_leaves_no_overlap`.
 * A leave mark never raises an absence alert (only `absent` does).
 */

const TEACHER_LINK = '/leaverequests';
const PARENT_LINK = '/leave';

/** The school's date now, in its time zone: a subquery for one statement. */
const schoolToday = (schoolId: string): SQL =>
  sql`(select (${now().toISOString()}::timestamptz at time zone s.time_zone)::date from schools s where s.id = ${schoolId})`;
/** A users row's full name (`u` its alias). */
const nameOf = (u: string): SQL => sql.raw(`concat_ws(' ', nullif(${u}.first_name, ''), nullif(${u}.last_name, ''))`);

interface RequestRow {
  id: string;
  studentId: string;
  studentName: string;
  parentId: string | null;
  classId: string | null;
  masterClass: string | null;
  className: string | null;
  section: string | null;
  classTeacherId: string | null;
  fromDate: string;
  toDate: string;
  days: number;
  reason: StudentLeaveReason;
  note: string | null;
  fileName: string | null;
  originalName: string | null;
  mime: string | null;
  size: number | null;
  status: LeaveStatus;
  requestedByName: string;
  decidedByName: string | null;
  decidedAt: string | Date | null;
  comment: string | null;
  createdAt: string | Date;
  today: string;
  total: number;
}

/**
 * Requests the caller may see matching `where` (over `l`), pending first then newest, with the
 * school's today and the count: one statement.
 */
async function readRequests(db: DbOrTx, caller: Caller, where: SQL, page = { limit: 1, offset: 0 }, lock = false): Promise<RequestRow[]> {
  const schoolId = schoolOf(caller);
  return rowsOf<RequestRow>(
    await db.execute(sql`
      select l.id, l.student_id as "studentId", ${nameOf('u')} as "studentName", u.parent_user_id as "parentId",
        l.class_id as "classId", c.master_class as "masterClass", c.name as "className", c.section, c.class_teacher_id as "classTeacherId",
        l.from_date::text as "fromDate", l.to_date::text as "toDate", l.days, l.reason, l.note,
        f.name as "fileName", f.original_name as "originalName", f.mime, f.size, l.status,
        ${nameOf('r')} as "requestedByName", case when d.id is null then null else ${nameOf('d')} end as "decidedByName",
        l.decided_at as "decidedAt", l.comment, l.created_at as "createdAt",
        ${schoolToday(schoolId)}::text as today, ${lock ? sql`1` : sql`count(*) over ()::int`} as total
      from student_leaves l
      join users u on u.id = l.student_id
      join users r on r.id = l.requested_by
      left join classes c on c.id = l.class_id
      left join files f on f.name = l.file_name
      left join users d on d.id = l.decided_by
      where l.school_id = ${schoolId} and ${studentLeavePolicy.visible(caller, sql.raw('l'), sql.raw('u'))} and ${where}
      order by (l.status = 'pending') desc, l.created_at desc, l.id desc limit ${page.limit} offset ${page.offset}
      ${lock ? sql`for update of l` : sql``}`),
  );
}

function present(r: RequestRow, caller: Caller): StudentLeave {
  return {
    leaveId: r.id,
    studentId: r.studentId,
    studentName: r.studentName,
    class: r.classId ? { assignClassId: r.classId, masterClass: r.masterClass ?? '', className: r.className ?? '', section: r.section ?? '' } : null,
    fromDate: r.fromDate,
    toDate: r.toDate,
    days: r.days,
    reason: r.reason,
    note: r.note,
    file: r.fileName ? { name: r.fileName, originalName: r.originalName ?? r.fileName, mime: r.mime ?? 'application/octet-stream', size: r.size ?? 0 } : null,
    status: r.status,
    requestedByName: r.requestedByName,
    decidedByName: r.decidedByName,
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    comment: r.comment,
    createdAt: new Date(r.createdAt).toISOString(),
    canCancel: studentLeavePolicy.mayCancel(caller) && (r.status === 'pending' || (r.status === 'approved' && r.today < r.fromDate)),
    canDecide: studentLeavePolicy.mayDecide(caller) && r.status === 'pending',
  };
}

/** One request the caller may see (404 otherwise), optionally locked. */
async function oneRequest(db: DbOrTx, caller: Caller, leaveId: string, lock = false): Promise<RequestRow> {
  const [row] = await readRequests(db, caller, sql`l.id = ${leaveId}`, undefined, lock);
  if (!row) throw notFound('Leave request');
  return row;
}

/** `GET leave`: the requests the caller sees, pending first then newest, by status, student or class. */
export async function listStudentLeave(deps: Deps, caller: Caller, q: StudentLeaveQuery) {
  const db = tenantDb(deps, schoolOf(caller));
  const where = sql.join(
    [
      sql`true`,
      q.status ? sql`l.status = ${q.status}` : undefined,
      q.studentId ? sql`l.student_id = ${q.studentId}` : undefined,
      q.assignClassId ? sql`l.class_id = ${q.assignClassId}` : undefined,
    ].filter((x): x is SQL => x !== undefined),
    sql` and `,
  );
  const rows = await readRequests(db, caller, where, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  if (!rows.length && (q.studentId || q.assignClassId)) await assertFilter(db, caller, q);
  const total = rows[0]?.total ?? (q.page > 1 ? ((await readRequests(db, caller, where))[0]?.total ?? 0) : 0);
  return { items: rows.map((r) => present(r, caller)), total, page: q.page, pageSize: q.pageSize };
}

/** An empty page filtered by a student or a class: 404 unless the caller may name them (another school's, another family's, not its class). */
async function assertFilter(db: DbOrTx, caller: Caller, q: StudentLeaveQuery): Promise<void> {
  const schoolId = schoolOf(caller);
  const may = studentLeavePolicy.filterable(caller, sql.raw('u'), sql.raw('c'));
  const [found] = rowsOf<{ student: boolean; cls: boolean }>(
    await db.execute(sql`select
      ${q.studentId ? sql`exists (select 1 from users u where u.school_id = ${schoolId} and u.id = ${q.studentId} and ${may.student})` : sql`true`} as student,
      ${q.assignClassId ? sql`exists (select 1 from classes c where c.school_id = ${schoolId} and c.id = ${q.assignClassId} and ${may.cls})` : sql`true`} as cls`),
  );
  if (!found?.student) throw notFound('Student');
  if (!found.cls) throw notFound('Class');
}

/** The notification's params of a request (`status` and `comment` once told of a decision or a cancel). */
/**
 * A request's reason in words for its notification, with its Hindi form (`reasonHi`: the contract's
 * `notificationValues` takes it for a reader in Hindi), so the bell and every channel say it
 * without a list of reasons of their own.
 */
const REASON_WORDS: Record<StudentLeaveReason, { en: string; hi: string }> = {
  illness: { en: 'illness', hi: 'बीमारी' },
  family: { en: 'family reasons', hi: 'पारिवारिक कारण' },
  function: { en: 'a function', hi: 'समारोह' },
  travel: { en: 'travel', hi: 'यात्रा' },
  school_duty: { en: 'school duty', hi: 'विद्यालय का कार्य' },
};
const reasonParams = (reason: StudentLeaveReason) => ({ reason: REASON_WORDS[reason].en, reasonHi: REASON_WORDS[reason].hi });

const paramsOf = (r: Pick<RequestRow, 'studentName' | 'fromDate' | 'toDate' | 'days'>, extra: Record<string, string>) => ({
  child: r.studentName,
  fromDate: r.fromDate,
  toDate: r.toDate,
  days: r.days,
  ...extra,
});

/** Tells a request's class teacher (none: no one), of a new request or a cancelled one. */
async function tellTeacher(via: Delivery, tx: Tx, caller: Caller, teacherId: string | null, params: Record<string, string | number>) {
  if (!teacherId || teacherId === caller.userId) return;
  await notify(via, tx, { schoolId: schoolOf(caller), userId: teacherId, senderId: caller.userId, senderName: caller.name, kind: 'leave_requested', params, link: TEACHER_LINK });
}

const tooOld = () =>
  new AppError('BAD_REQUEST', `Leave may be asked at most ${STUDENT_LEAVE_LIMITS.daysBack} days back.`, { reason: 'leave_too_old', field: 'fromDate', params: { days: STUDENT_LEAVE_LIMITS.daysBack } });
const tooFar = (field: 'fromDate' | 'toDate', days: number) =>
  new AppError('BAD_REQUEST', `Leave may be asked at most ${days} days ahead.`, { reason: 'leave_too_far', field, params: { days } });
const outsideSession = () => new AppError('BAD_REQUEST', 'These dates are outside one session.', { reason: 'attendance_outside_session', field: 'toDate' });

/**
 * `POST leave`: a parent's request for its own child (another child: 404). The child, the school's
 * today, the session of the first day and the child's class in it are read in one statement, the
 * range's days in another; then one transaction: the file attached (the caller's own upload), the
 * request, the class teacher's notification. Overlap: 409 naming the other request.
 */
export async function askStudentLeave(deps: Deps, caller: Caller, body: StudentLeaveInput): Promise<StudentLeave> {
  const schoolId = schoolOf(caller);
  const db = tenantDb(deps, schoolId);
  const [child] = rowsOf<{ name: string; today: string; sessionId: string | null; sessionEnd: string | null; classId: string | null; teacherId: string | null }>(
    await db.execute(sql`
      select ${nameOf('u')} as name, ${schoolToday(schoolId)}::text as today, s.id as "sessionId", s.end_date::text as "sessionEnd",
        c.id as "classId", c.class_teacher_id as "teacherId"
      from users u
      left join lateral (select a.id, a.end_date from academic_sessions a where a.school_id = ${schoolId} and a.start_date <= ${body.fromDate}::date and a.end_date >= ${body.fromDate}::date
        order by a.is_current desc, a.start_date desc limit 1) s on true
      left join class_students cs on cs.school_id = ${schoolId} and cs.session_id = s.id and cs.student_id = u.id
      left join classes c on c.id = cs.class_id
      where u.school_id = ${schoolId} and u.id = ${body.studentId} and ${studentLeavePolicy.askable(caller, sql.raw('u'))}`),
  );
  if (!child) throw notFound('Student');
  if (body.fromDate < addDays(child.today, -STUDENT_LEAVE_LIMITS.daysBack)) throw tooOld();
  if (body.fromDate > addDays(child.today, STUDENT_LEAVE_LIMITS.daysAhead)) throw tooFar('fromDate', STUDENT_LEAVE_LIMITS.daysAhead);
  if (body.toDate > addDays(body.fromDate, STUDENT_LEAVE_LIMITS.days - 1)) throw tooFar('toDate', STUDENT_LEAVE_LIMITS.days);
  if (!child.sessionId || body.toDate > child.sessionEnd!) throw outsideSession();
  const sessionId = child.sessionId;
  const rules = await loadDayRules(db, schoolId, sessionId, body.fromDate, body.toDate);
  let days = 0;
  for (let d = body.fromDate; d <= body.toDate; d = addDays(d, 1)) {
    const kind = dayKind(rules, d).kind;
    if (kind === 'school' || kind === 'future') days++;
  }
  if (!days) throw new AppError('CONFLICT', 'These dates hold no school day.', { reason: 'no_working_days', field: 'fromDate' });
  const file = body.file ?? null;
  const note = body.note?.trim() || null;
  const { via, flush } = afterCommit(deps);
  let leaveId: string;
  try {
    leaveId = await inTenant(deps, schoolId, async (tx) => {
      if (file) await attachPrivateUpload(tx, caller, schoolId, file, 'file');
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into student_leaves (school_id, session_id, student_id, class_id, from_date, to_date, days, reason, note, file_name, requested_by, created_at)
          values (${schoolId}, ${sessionId}, ${body.studentId}, ${child.classId}, ${body.fromDate}::date, ${body.toDate}::date, ${days}, ${body.reason}, ${note}, ${file}, ${caller.userId}, ${now().toISOString()}::timestamptz)
          returning id`),
      );
      await tellTeacher(via, tx, caller, child.teacherId, paramsOf({ studentName: child.name, fromDate: body.fromDate, toDate: body.toDate, days }, reasonParams(body.reason)));
      return row!.id;
    });
  } catch (err) {
    if (violatedConstraint(err) !== 'student_leaves_no_overlap') throw err;
    const [other] = await readRequests(db, caller, sql`l.student_id = ${body.studentId} and l.status in ('pending', 'approved') and l.from_date <= ${body.toDate}::date and l.to_date >= ${body.fromDate}::date`);
    throw new AppError('CONFLICT', 'These dates overlap another leave request of the child.', { reason: 'leave_overlap', field: 'fromDate', params: { fromDate: other?.fromDate ?? '', toDate: other?.toDate ?? '' } });
  }
  flush();
  return present(await oneRequest(db, caller, leaveId), caller);
}

const decided = (status: LeaveStatus) => new AppError('CONFLICT', `This request is ${status} already.`, { reason: 'leave_decided', params: { status } });

/**
 * `POST leave/:leaveId/decision`: one transaction. The request locked (one the caller may not see:
 * 404; decided: 409); approval sets its status and, in the same statement, turns the child's saved
 * marks of the range (every period) into `leaveMark(reason)` with a log entry per day (and period)
 * changed, by the decider, naming the request. The parent is told.
 */
export async function decideStudentLeave(deps: Deps, caller: Caller, leaveId: string, body: StudentLeaveDecision): Promise<StudentLeave> {
  const schoolId = schoolOf(caller);
  const { via, flush } = afterCommit(deps);
  await inTenant(deps, schoolId, async (tx) => {
    const l = await oneRequest(tx, caller, leaveId, true);
    if (l.status !== 'pending') throw decided(l.status);
    const at = now().toISOString();
    const comment = body.comment?.trim() || null;
    const status = body.decision === 'approve' ? 'approved' : 'declined';
    if (status === 'declined') {
      await tx.execute(sql`update student_leaves set status = 'declined', decided_by = ${caller.userId}, decided_at = ${at}::timestamptz, comment = ${comment} where id = ${l.id}`);
    } else {
      const mark = leaveMark(l.reason);
      await tx.execute(sql`
        with request as (
          update student_leaves set status = 'approved', decided_by = ${caller.userId}, decided_at = ${at}::timestamptz, comment = ${comment} where id = ${l.id} returning 1
        ), changed as (
          select am.session_id, am.class_id, am.date, am.period_id, am.status as was
          from attendance_marks am
          where am.school_id = ${schoolId} and am.student_id = ${l.studentId} and am.date between ${l.fromDate}::date and ${l.toDate}::date and am.status <> ${mark}
        ), marks as (
          update attendance_marks am set status = ${mark}
          from changed c
          where am.school_id = ${schoolId} and am.student_id = ${l.studentId} and am.date = c.date and am.period_id is not distinct from c.period_id
          returning 1
        ), logged as (
          insert into attendance_logs (school_id, session_id, class_id, date, period_id, kind, user_id, details, created_at)
          select ${schoolId}::uuid, c.session_id, c.class_id, c.date, c.period_id, case when c.period_id is null then 'daywise' else 'periodwise' end, ${caller.userId}::uuid,
            jsonb_build_object('action', 'changed', 'leaveId', ${l.id}::uuid,
              'counts', (select jsonb_build_object('present', count(*) filter (where x.s = 'present'), 'absent', count(*) filter (where x.s = 'absent'),
                  'late', count(*) filter (where x.s = 'late'), 'leave', count(*) filter (where x.s = 'leave'), 'marked', count(*),
                  'percent', case when count(*) = 0 then null else (round(count(*) filter (where x.s in ('present', 'late')) * 1000.0 / count(*)) / 10)::float8 end)
                from (select case when o.student_id = ${l.studentId}::uuid then ${mark} else o.status end as s
                  from attendance_marks o where o.school_id = ${schoolId} and o.class_id = c.class_id and o.date = c.date and o.period_id is not distinct from c.period_id) x),
              'changes', jsonb_build_array(jsonb_build_object('studentId', ${l.studentId}::uuid, 'fullName', ${l.studentName}::text, 'from', c.was, 'to', ${mark}::text))),
            clock_timestamp()
          from changed c
          returning 1
        )
        select (select count(*) from request) + (select count(*) from marks) + (select count(*) from logged) as n`);
    }
    if (l.parentId) {
      await notify(via, tx, {
        schoolId,
        userId: l.parentId,
        senderId: caller.userId,
        senderName: caller.name,
        kind: 'leave_decided',
        params: paramsOf(l, { status, comment: comment ?? '' }),
        link: PARENT_LINK,
      });
    }
  });
  flush();
  return present(await oneRequest(tenantDb(deps, schoolId), caller, leaveId), caller);
}

/**
 * `POST leave/:leaveId/cancel`: by the child's parent or the principal; pending any time, approved
 * only before its first day (409 leave_started: no day of it can be saved yet, so no mark is to be
 * undone). The class teacher is told.
 */
export async function cancelStudentLeave(deps: Deps, caller: Caller, leaveId: string, body: StudentLeaveCancel): Promise<StudentLeave> {
  const schoolId = schoolOf(caller);
  const { via, flush } = afterCommit(deps);
  await inTenant(deps, schoolId, async (tx) => {
    const l = await oneRequest(tx, caller, leaveId, true);
    if (l.status !== 'pending' && l.status !== 'approved') throw decided(l.status);
    if (l.status === 'approved' && !(l.today < l.fromDate)) {
      throw new AppError('CONFLICT', 'This leave has begun: it cannot be cancelled.', { reason: 'leave_started', params: { fromDate: l.fromDate } });
    }
    const comment = body.comment?.trim() || null;
    await tx.execute(sql`update student_leaves set status = 'cancelled', comment = coalesce(${comment}, comment) where id = ${l.id}`);
    await tellTeacher(via, tx, caller, l.classTeacherId, paramsOf(l, { reason: l.reason, status: 'cancelled' }));
  });
  flush();
  return present(await oneRequest(tenantDb(deps, schoolId), caller, leaveId), caller);
}

/**
 * Erasing a former student (privacy): its requests stay as rows without identity, their parent's
 * note, the comments and the file (a medical certificate) go, in one statement. Returns the files
 * whose bytes to delete after the commit.
 */
export async function forgetStudentLeave(tx: Tx, schoolId: string, studentId: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await tx.execute(sql`
      with old as (
        select id, file_name from student_leaves where school_id = ${schoolId} and student_id = ${studentId} for update
      ), cleared as (
        update student_leaves l set note = null, comment = null, file_name = null from old where l.id = old.id returning 1
      ), gone as (
        delete from files where name in (select file_name from old where file_name is not null) returning name
      )
      select name from gone`),
  ).map((r) => r.name);
}

/** `GET leave/:leaveId/file`: a request's file, for those who may see the request; anything else 404. */
export async function openStudentLeaveFile(deps: Deps, storage: Storage, caller: Caller, leaveId: string) {
  const l = await oneRequest(tenantDb(deps, schoolOf(caller)), caller, leaveId);
  if (!l.fileName) throw notFound('File');
  const found = await storage.get(l.fileName);
  if (!found) throw notFound('File');
  return { ...found, mime: l.mime ?? 'application/octet-stream', originalName: l.originalName ?? l.fileName };
}
