import { sql, type SQL } from 'drizzle-orm';
import {
  MASTER_CLASS_CODES,
  type CollectionGroup,
  type CollectionReport,
  type DueRow,
  type DuesByClass,
  type FeeSummary,
  type OutstandingReport,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { runNamed as run } from '../../db/prepared.js';
import { notFound } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { fullName } from '../users/service.js';
import { now as clockNow } from '../../clock.js';

/**
 * Fees, part "reports": the overview of a session (the /feesdetails hub and the admins' dashboard
 * card), the overdue instalments (a page of them, and per class), the collection between two dates
 * (by day, class or mode) and the outstanding balance per class.
 *
 * Every read is one statement whatever the size of the school, for the admins (112, 113) of the
 * caller's school (row-level security and the school filter both). "Today" is the school's own
 * date (its time zone, default Asia/Kolkata), computed in the same statement from `now`: an
 * instalment is overdue when it is unpaid and its due date is before that day; a payment counts
 * only while it is not reversed. The session named must be the school's (else 404): each
 * statement starts from it, so an unknown session and an empty one are told apart in one round trip.
 *
 * Indexes: overdue instalments come from `fee_instalments_overdue_idx` (school, session, due date,
 * amount, only the unpaid: their count and sum without visiting a row), payments of a period from
 * `fee_payments_paid_on_idx` (school, session, paid on), records of a session from
 * `fee_records_student_uq` (school, session, …).
 */

type Num = number | string | null;
const num = (v: Num | undefined) => Number(v ?? 0);


/** Master order (NUR, LKG, UKG, 1 … 12) as an SQL array, for ORDER BY array_position. */
const MASTER_ORDER = sql.raw(`ARRAY[${MASTER_CLASS_CODES.map((c) => `'${c}'`).join(',')}]::text[]`);

/** The session asked for, if it is the school's, and the school's today, as the CTE `t`. */
function sessionToday(schoolId: string, sessionId: string, now: Date): SQL {
  return sql`t as (
    select a.id as session_id, (${now.toISOString()}::timestamptz at time zone s.time_zone)::date as today
    from academic_sessions a join schools s on s.id = a.school_id
    where a.school_id = ${schoolId}::uuid and a.id = ${sessionId}::uuid)`;
}

interface ClassCols {
  class_id: string;
  master_class: string;
  class_name: string;
  section: string;
}
const classRef = (r: ClassCols) => ({ assignClassId: r.class_id, masterClass: r.master_class, className: r.class_name, section: r.section });

/** The condition on `i` (fee_instalments) for the session's overdue instalments (with `t`). */
const isOverdue = (schoolId: string) => sql`i.school_id = ${schoolId}::uuid and i.session_id = t.session_id and not i.paid and i.due_date < t.today`;

/** The session's overdue instalments `i` alone, as a FROM … WHERE fragment (an index-only scan for a count or sum). */
const overdueFrom = (schoolId: string) => sql`fee_instalments i where ${isOverdue(schoolId)}`;

/** The session's overdue instalments `i` with their records `r` (for the class), as a FROM … WHERE fragment. */
const overdueWithRecords = (schoolId: string) => sql`fee_instalments i
  join fee_records r on r.id = i.fee_record_id and r.school_id = i.school_id
  where ${isOverdue(schoolId)}`;

// ---------------------------------------------------------------------------------------------
// The overview

/**
 * `feesummary`: the session's records, what they total, what is paid and the balance, the overdue
 * instalments' sum, and what came in today (live payments dated today), in one statement.
 */
export async function feeSummary(deps: Deps, caller: Caller, q: { sessionId: string }, now = clockNow()): Promise<FeeSummary> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const [row] = await run<{ today: string; records: Num; total: Num; paid: Num; overdue: Num; collected_today: Num }>(
    db,
    'fee_summary',
    sql`with ${sessionToday(schoolId, q.sessionId, now)}
      select t.today::text as today, r.records, r.total, r.paid,
        (select coalesce(sum(i.amount), 0) from ${overdueFrom(schoolId)}) as overdue,
        (select coalesce(sum(p.amount + p.late_fee), 0) from fee_payments p
          where p.school_id = ${schoolId}::uuid and p.session_id = t.session_id and p.paid_on = t.today and p.reversed_at is null) as collected_today
      from t
      cross join lateral (select count(*) as records, coalesce(sum(f.total), 0) as total, coalesce(sum(f.paid), 0) as paid
        from fee_records f where f.school_id = ${schoolId}::uuid and f.session_id = t.session_id) r`,
  );
  if (!row) throw notFound('Session');
  const total = num(row.total);
  const paid = num(row.paid);
  return {
    sessionId: q.sessionId,
    records: num(row.records),
    total,
    paid,
    balance: total - paid,
    overdue: num(row.overdue),
    collectedToday: num(row.collected_today),
    today: row.today,
  };
}

// ---------------------------------------------------------------------------------------------
// Dues

type DueSqlRow = ClassCols & {
  today: string;
  class_ok: boolean;
  total: Num;
  emi_id: string | null;
  fee_record_id: string;
  seq: number;
  due_date: string;
  amount: Num;
  days_overdue: Num;
  late_fee: Num;
  student_id: string;
  first_name: string;
  last_name: string;
  login_id: string;
  roll_no: number | null;
};

/**
 * `feedues`: overdue instalments of the session, the oldest first (then class, roll number), a
 * page of them with the total, optionally of one class (404 when it is not a class of the session),
 * in one statement: the session and today, the count (once), the page (the overdue instalments
 * found through the unpaid instalments' index, sorted, cut to the page), then the page's students.
 */
export async function feeDues(
  deps: Deps,
  caller: Caller,
  q: { sessionId: string; assignClassId?: string; page: number; pageSize: number },
  now = clockNow(),
): Promise<{ items: DueRow[]; total: number; page: number; pageSize: number }> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const classId = q.assignClassId ?? null;
  const ofClass = classId ? sql` and r.class_id = ${classId}::uuid` : sql``;
  const classOk = classId
    ? sql`exists (select 1 from classes c where c.school_id = ${schoolId}::uuid and c.id = ${classId}::uuid and c.session_id = t.session_id)`
    : sql`true`;
  const rows = await run<DueSqlRow>(
    db,
    classId ? 'fee_dues_class' : 'fee_dues',
    sql`with ${sessionToday(schoolId, q.sessionId, now)},
      n as (select count(*) as total from t, ${classId ? overdueWithRecords(schoolId) : overdueFrom(schoolId)}${ofClass})
      select t.today::text as today, ${classOk} as class_ok, n.total, d.*, u.first_name, u.last_name, u.login_id
      from t cross join n
      left join lateral (
        select i.id as emi_id, i.fee_record_id, i.seq, i.due_date::text as due_date, i.amount, t.today - i.due_date as days_overdue,
          (select lf.amount from fee_late_fees lf where lf.school_id = i.school_id and lf.instalment_id = i.id and lf.waived_at is null) as late_fee,
          r.student_id, cs.roll_no, c.id as class_id, c.master_class, c.name as class_name, c.section
        from fee_instalments i
        join fee_records r on r.id = i.fee_record_id and r.school_id = i.school_id
        join classes c on c.id = r.class_id
        left join class_students cs on cs.school_id = r.school_id and cs.session_id = r.session_id and cs.student_id = r.student_id
        where ${isOverdue(schoolId)}${ofClass}
        order by i.due_date, array_position(${MASTER_ORDER}, c.master_class), c.section, cs.roll_no nulls last, i.id
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
      ) d on ${classOk}
      left join users u on u.id = d.student_id
      order by d.due_date, array_position(${MASTER_ORDER}, d.master_class), d.section, d.roll_no nulls last, d.emi_id`,
  );
  const first = rows[0];
  if (!first) throw notFound('Session');
  if (!first.class_ok) throw notFound('Class');
  const items = rows
    .filter((r) => r.emi_id !== null)
    .map(
      (r): DueRow => ({
        emiId: r.emi_id!,
        feeRecordId: r.fee_record_id,
        student: { userId: r.student_id, fullName: fullName({ firstName: r.first_name, lastName: r.last_name }), loginId: r.login_id, rollNo: r.roll_no },
        class: classRef(r),
        seq: Number(r.seq),
        dueDate: r.due_date,
        amount: num(r.amount),
        daysOverdue: num(r.days_overdue),
        lateFee: num(r.late_fee),
      }),
    );
  return { items, total: num(first.total), page: q.page, pageSize: q.pageSize };
}

/** `feedues/classes`: per class of the session, its overdue instalments and their sum (classes with none left out), one statement. */
export async function feeDuesByClass(deps: Deps, caller: Caller, q: { sessionId: string }, now = clockNow()): Promise<DuesByClass[]> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const rows = await run<ClassCols & { n: Num; amount: Num }>(
    db,
    'fee_dues_by_class',
    sql`with ${sessionToday(schoolId, q.sessionId, now)}
      select d.* from t
      left join lateral (
        select c.id as class_id, c.master_class, c.name as class_name, c.section, o.n, o.amount
        from (select r.class_id, count(*) as n, sum(i.amount) as amount from ${overdueWithRecords(schoolId)} group by r.class_id) o
        join classes c on c.id = o.class_id
      ) d on true
      order by array_position(${MASTER_ORDER}, d.master_class), d.section`,
  );
  if (!rows.length) throw notFound('Session');
  return rows.filter((r) => r.class_id !== null).map((r) => ({ class: classRef(r), count: num(r.n), amount: num(r.amount) }));
}

// ---------------------------------------------------------------------------------------------
// Reports

/**
 * `feereport/collection`: live payments of the session between two dates (both included, at most
 * `REPORT_DAYS_MAX` days: the contract refuses more), by day, class (the student's class) or mode,
 * with the totals; each amount what came in, late fees included, and the late fees apart; one statement. The rows are bounded by the range, the classes or the modes.
 */
export async function feeCollection(
  deps: Deps,
  caller: Caller,
  q: { sessionId: string; from: string; to: string; groupBy: CollectionGroup },
): Promise<CollectionReport> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const live = sql`p.school_id = ${schoolId}::uuid and p.session_id = a.id and p.paid_on between ${q.from}::date and ${q.to}::date and p.reversed_at is null`;
  const inner =
    q.groupBy === 'day'
      ? sql`select p.paid_on::text as key, null::uuid as class_id, null as master_class, null as class_name, null as section, count(*) as n, sum(p.amount + p.late_fee) as amount, sum(p.late_fee) as late_fee
          from fee_payments p where ${live} group by p.paid_on order by p.paid_on`
      : q.groupBy === 'mode'
        ? sql`select p.mode as key, null::uuid as class_id, null as master_class, null as class_name, null as section, count(*) as n, sum(p.amount + p.late_fee) as amount, sum(p.late_fee) as late_fee
            from fee_payments p where ${live} group by p.mode order by sum(p.amount + p.late_fee) desc, p.mode`
        : sql`select c.id::text as key, c.id as class_id, c.master_class, c.name as class_name, c.section, count(*) as n, sum(p.amount + p.late_fee) as amount, sum(p.late_fee) as late_fee
            from fee_payments p
            join fee_records r on r.id = p.fee_record_id and r.school_id = p.school_id
            join classes c on c.id = r.class_id
            where ${live}
            group by c.id, c.master_class, c.name, c.section
            order by array_position(${MASTER_ORDER}, c.master_class), c.section`;
  const rows = await run<(ClassCols | { class_id: null }) & { key: string | null; n: Num; amount: Num; late_fee: Num }>(
    db,
    `fee_collection_${q.groupBy}`,
    sql`select g.* from academic_sessions a
      left join lateral (${inner}) g on true
      where a.school_id = ${schoolId}::uuid and a.id = ${q.sessionId}::uuid`,
  );
  if (!rows.length) throw notFound('Session');
  const out = rows
    .filter((r) => r.key !== null)
    .map((r) => ({ key: r.key!, class: r.class_id ? classRef(r as ClassCols) : null, count: num(r.n), amount: num(r.amount), lateFee: num(r.late_fee) }));
  const total = (k: 'count' | 'amount' | 'lateFee') => out.reduce((s, r) => s + r[k], 0);
  return { rows: out, count: total('count'), amount: total('amount'), lateFee: total('lateFee') };
}

/**
 * `feereport/outstanding`: every class of the session with its records, their total, what is paid,
 * the balance and the overdue instalments' sum, and the totals; one statement (classes without
 * records show zeros, so a class still to be given records stands out).
 */
export async function feeOutstanding(deps: Deps, caller: Caller, q: { sessionId: string }, now = clockNow()): Promise<OutstandingReport> {
  const schoolId = scopeOf(caller);
  const db = tenantDb(deps, schoolId);
  const rows = await run<ClassCols & { records: Num; total: Num; paid: Num; overdue: Num }>(
    db,
    'fee_outstanding',
    sql`with ${sessionToday(schoolId, q.sessionId, now)},
      rec as (
        select f.class_id, count(*) as records, sum(f.total) as total, sum(f.paid) as paid
        from fee_records f, t where f.school_id = ${schoolId}::uuid and f.session_id = t.session_id
        group by f.class_id),
      due as (
        select r.class_id, sum(i.amount) as overdue from t, ${overdueWithRecords(schoolId)} group by r.class_id)
      select d.* from t
      left join lateral (
        select c.id as class_id, c.master_class, c.name as class_name, c.section,
          coalesce(rec.records, 0) as records, coalesce(rec.total, 0) as total, coalesce(rec.paid, 0) as paid, coalesce(due.overdue, 0) as overdue
        from classes c
        left join rec on rec.class_id = c.id
        left join due on due.class_id = c.id
        where c.school_id = ${schoolId}::uuid and c.session_id = t.session_id
      ) d on true
      order by array_position(${MASTER_ORDER}, d.master_class), d.section`,
  );
  if (!rows.length) throw notFound('Session');
  const out = rows
    .filter((r) => r.class_id !== null)
    .map((r) => {
      const total = num(r.total);
      const paid = num(r.paid);
      return { class: classRef(r), records: num(r.records), total, paid, balance: total - paid, overdue: num(r.overdue) };
    });
  const sum = (k: 'total' | 'paid' | 'balance' | 'overdue') => out.reduce((s, r) => s + r[k], 0);
  return { rows: out, total: sum('total'), paid: sum('paid'), balance: sum('balance'), overdue: sum('overdue') };
}

