import { eq, sql } from 'drizzle-orm';
import {
  COUNTER_HITS_MAX,
  PAID_MODES,
  ROLE,
  cashTallyTotal,
  type CashCloseInput,
  type CashClosing,
  type CounterCollectInput,
  type CounterCollectResult,
  type CounterDay,
  type CounterSearchResult,
  type PaymentMode,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { runNamed as run } from '../../db/prepared.js';
import { roleSql } from '../../db/roles.js';
import { feePayments } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant, tenantDb } from '../../db/scope.js';
import { localDate } from '../calendar/index.js';
import { afterCommit } from '../notifications/service.js';
import { fullName } from '../users/service.js';
import { now as clockNow } from '../../clock.js';
import { paymentsWhere, writePayments } from './payments.js';
import { lockInstalments, schoolToday } from '../fees/index.js';
import { rowsOf } from '../../db/rows.js';
import { escapeLike } from '../../db/like.js';

/**
 * Fees, part "counter" (issue 25): the office's fee counter for the admins (112, 113).
 *
 * - Search: students of the current session, any class, by name or login id (the trigram index of
 *   `users.search_text`, as people are searched; a term shorter than a trigram reads the session's
 *   students instead), by roll number (a number of up to 3 digits) or by
 *   phone (4 digits or more: the student's own contact or its parent's), at most 10, exact login
 *   ids and roll numbers first; each with its class, parent and dues. One statement.
 * - Collect: the ticked instalments of one student (or its overdue and next due ones) paid as one
 *   batch through the one payment path (`lockInstalments` + `writePayments`: receipt numbers,
 *   late fees, the parent's bell), received by the caller. The batch id is the client's: a batch
 *   that exists answers its payments (`created: false`), checked again once the record's lock is
 *   held, so a double submit that raced the first waits for it and then answers it.
 * - Day: what came in on a day by mode (late fees included, reversed payments out), the cash
 *   the drawer should hold (each cash collection rounded to the rupee: cash is taken in whole
 *   rupees) and the day's latest closing. One statement.
 * - A batch belongs to one student (`fee_counter_batches`): another student's collection under its
 *   id is refused (409 `counter_batch_other_student`), even when both race. Cash is never dated on
 *   an earlier day whose cash was closed (409 `cash_day_closed`, `writePayments`); today's cash
 *   after a count shows as come in since, for a recount.
 * - Close: the cash counted (pieces by note and coin) kept with the cash expected at that moment
 *   and who closed it; a recount adds a closing (none is changed), the latest shows.
 */

type Num = number | string | null;
const num = (v: Num | undefined) => Number(v ?? 0);

/** What a term may be besides a name: a roll number (1 to 3 digits) and a phone's digits (4 or more; the last 10 of a longer one). */
export function counterTerms(q: string): { like: string; prefix: string; exact: string; roll: number | null; phone: string | null } {
  const term = q.trim();
  const digits = /^[\d\s+()-]+$/.test(term) ? term.replace(/\D/g, '') : '';
  return {
    like: `%${escapeLike(term.toLowerCase())}%`,
    prefix: `${escapeLike(term.toLowerCase())}%`,
    exact: term.toLowerCase(),
    roll: /^\d{1,3}$/.test(term) ? Number(term) : null,
    phone: digits.length >= 4 ? `%${digits.slice(-10)}%` : null,
  };
}

interface HitRow {
  session_id: string | null;
  today: string;
  id: string | null;
  first_name: string;
  last_name: string;
  login_id: string;
  contact: string | null;
  roll_no: number | null;
  class_id: string;
  master_class: string;
  class_name: string;
  section: string;
  parent_first: string | null;
  parent_last: string | null;
  parent_contact: string | null;
  record_id: string | null;
  balance: Num;
  due_count: Num;
  due_amount: Num;
  next_due: string | null;
}

/** `GET /api/school/feecounter/search?q=`: at most 10 students of the current session, each with its dues. */
export async function searchCounter(deps: Pick<Deps, 'data'>, caller: Caller, q: { q: string }, now = clockNow()): Promise<CounterSearchResult> {
  const schoolId = scopeOf(caller);
  const t = counterTerms(q.q);
  const digitsOf = (col: string) => sql.raw(`regexp_replace(coalesce(${col}, ''), '[^0-9]', '', 'g')`);
  // A term of 3 characters or more is looked up in the trigram index; a shorter one has no
  // trigram to look up (the index would be read whole), so the session's students are read instead.
  const short = q.q.trim().length < 3;
  const nameBranch = short
    ? sql`select cs.student_id as id from class_students cs join t on cs.session_id = t.session_id join users u on u.id = cs.student_id
          where cs.school_id = ${schoolId}::uuid and (u.search_text || '') like ${t.like}`
    : sql`select u.id from users u
          where u.school_id = ${schoolId}::uuid and u.role_id = ${roleSql(ROLE.STUDENT)} and u.search_text like ${t.like}`;
  const rows = await run<HitRow>(
    tenantDb(deps, schoolId),
    short ? 'fee_counter_search_short' : 'fee_counter_search',
    sql`with t as (
        select a.id as session_id, (${now.toISOString()}::timestamptz at time zone s.time_zone)::date as today
        from schools s left join academic_sessions a on a.school_id = s.id and a.is_current
        where s.id = ${schoolId}::uuid
      ), found as (
        ${nameBranch}
        union
        select cs.student_id from class_students cs join t on cs.session_id = t.session_id
          where cs.school_id = ${schoolId}::uuid and cs.roll_no = ${t.roll}::int
        union
        select u.id from users u
          where ${t.phone}::text is not null and u.school_id = ${schoolId}::uuid and u.role_id = ${roleSql(ROLE.STUDENT)} and ${digitsOf('u.contact')} like ${t.phone}::text
        union
        select u.id from users p join users u on u.school_id = p.school_id and u.parent_user_id = p.id
          where ${t.phone}::text is not null and p.school_id = ${schoolId}::uuid and p.role_id = ${roleSql(ROLE.PARENT)} and ${digitsOf('p.contact')} like ${t.phone}::text
      ), h as (
        select u.id, u.first_name, u.last_name, u.login_id, u.contact, u.parent_user_id, cs.class_id, cs.roll_no,
          case when lower(u.login_id) = ${t.exact}::text then 0 when cs.roll_no = ${t.roll}::int then 1 when u.search_text like ${t.prefix}::text then 2 else 3 end as rank
        from found f
        join users u on u.id = f.id and u.school_id = ${schoolId}::uuid and u.erased_at is null
        join t on true
        join class_students cs on cs.school_id = u.school_id and cs.session_id = t.session_id and cs.student_id = u.id
        order by rank, u.first_name, u.last_name, u.id
        limit ${COUNTER_HITS_MAX}
      )
      select t.session_id, t.today::text as today, h.id, h.first_name, h.last_name, h.login_id, h.contact, h.roll_no,
        c.id as class_id, c.master_class, c.name as class_name, c.section,
        p.first_name as parent_first, p.last_name as parent_last, p.contact as parent_contact,
        d.record_id, d.balance, d.due_count, d.due_amount, d.next_due::text as next_due
      from t
      left join h on true
      left join classes c on c.id = h.class_id
      left join users p on p.id = h.parent_user_id and p.school_id = ${schoolId}::uuid
      left join lateral (
        select r.id as record_id, (r.total - r.paid)::float8 as balance,
          count(i.id) filter (where i.due_date <= t.today) as due_count,
          coalesce(sum(i.amount + coalesce(lf.amount, 0)) filter (where i.due_date <= t.today), 0)::float8 as due_amount,
          min(i.due_date) as next_due
        from fee_records r
        left join fee_instalments i on i.school_id = r.school_id and i.fee_record_id = r.id and not i.paid
        left join fee_late_fees lf on lf.school_id = i.school_id and lf.instalment_id = i.id and lf.waived_at is null
        where r.school_id = ${schoolId}::uuid and r.session_id = t.session_id and r.student_id = h.id
        group by r.id
      ) d on true
      order by h.rank, h.first_name, h.last_name, h.id`,
  );
  const head = rows[0];
  return {
    sessionId: head?.session_id ?? null,
    today: head?.today ?? localDate('Asia/Kolkata', now),
    hits: rows
      .filter((r) => r.id)
      .map((r) => ({
        student: { userId: r.id!, fullName: fullName({ firstName: r.first_name, lastName: r.last_name }), loginId: r.login_id, rollNo: r.roll_no },
        class: { assignClassId: r.class_id, masterClass: r.master_class, className: r.class_name, section: r.section },
        contact: r.contact,
        parent: r.parent_first !== null ? { fullName: fullName({ firstName: r.parent_first, lastName: r.parent_last ?? '' }), contact: r.parent_contact } : null,
        dues: r.record_id ? { balance: num(r.balance), dueCount: num(r.due_count), dueAmount: num(r.due_amount), nextDue: r.next_due } : null,
      })),
  };
}

// ---------------------------------------------------------------------------------------------
// Collecting

/** The batch's payments (by receipt number) and its student, or null when the batch has none. */
async function batchAnswer(tx: Tx, schoolId: string, batchId: string): Promise<Omit<CounterCollectResult, 'created'> | null> {
  const [student] = rowsOf<{ userId: string; firstName: string; lastName: string; loginId: string }>(
    await tx.execute(sql`
      select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.login_id as "loginId"
      from fee_payments p
      join fee_records r on r.school_id = p.school_id and r.id = p.fee_record_id
      join users u on u.id = r.student_id
      where p.school_id = ${schoolId} and p.batch_id = ${batchId}
      limit 1`),
  );
  if (!student) return null;
  const payments = (await paymentsWhere(tx, schoolId, eq(feePayments.batchId, batchId))).sort((a, b) => a.receiptNo - b.receiptNo);
  return {
    batchId,
    student: { userId: student.userId, fullName: fullName(student), loginId: student.loginId },
    payments,
    total: payments.reduce((sum, p) => sum + p.amount + p.lateFee, 0),
  };
}

const batchTaken = () =>
  new AppError('CONFLICT', 'This collection belongs to another student: start a new collection.', { reason: 'counter_batch_other_student' });

/** A batch answered again: only to its own student (`studentId` null: not known yet, the instalments say). */
function sameStudent<T extends { student: { userId: string } }>(batch: T, studentId: string | null): T {
  if (studentId !== null && batch.student.userId !== studentId) throw batchTaken();
  return batch;
}

/** The student whose record the instalments are of (null: none of the school's; the collection's own checks answer that). */
async function studentOfInstalments(tx: Tx, schoolId: string, emiIds: readonly string[]): Promise<string | null> {
  const [row] = rowsOf<{ studentId: string }>(
    await tx.execute(sql`
      select r.student_id as "studentId" from fee_instalments i join fee_records r on r.school_id = i.school_id and r.id = i.fee_record_id
      where i.school_id = ${schoolId}::uuid and i.id = any(${sql.param([...emiIds])}::uuid[]) limit 1`),
  );
  return row?.studentId ?? null;
}

/**
 * Ties the batch id to the student: a row of `fee_counter_batches` (the key is the school and the
 * batch). Taken already (or meanwhile, by a transaction that committed while this one waited on the
 * key) by another student: 409 `counter_batch_other_student`.
 */
async function claimBatch(tx: Tx, schoolId: string, batchId: string, studentId: string): Promise<void> {
  const inserted = await tx.execute(sql`
    insert into fee_counter_batches (school_id, batch_id, student_id) values (${schoolId}::uuid, ${batchId}::uuid, ${studentId}::uuid)
    on conflict (school_id, batch_id) do nothing
    returning student_id`);
  if (rowsOf(inserted).length > 0) return;
  // A statement of its own: its snapshot sees the row of the transaction the insert waited for.
  const [row] = rowsOf<{ studentId: string }>(
    await tx.execute(sql`select student_id as "studentId" from fee_counter_batches where school_id = ${schoolId}::uuid and batch_id = ${batchId}::uuid`),
  );
  if (row && row.studentId !== studentId) throw batchTaken();
}

/**
 * A student's overdue instalments and the next one due, of its record of the current session (the
 * counter's default ticks). Not a student of the school: 404; nothing unpaid: 409 `fee_nothing_due`.
 */
async function defaultInstalments(tx: Tx, schoolId: string, studentId: string, now: Date): Promise<string[]> {
  const rows = rowsOf<{ emi: string | null; overdue: boolean | null }>(
    await tx.execute(sql`
      select i.id as emi, i.due_date < ${schoolToday(schoolId, now.toISOString())} as overdue
      from users u
      left join academic_sessions a on a.school_id = u.school_id and a.is_current
      left join fee_records r on r.school_id = u.school_id and r.session_id = a.id and r.student_id = u.id
      left join fee_instalments i on i.school_id = r.school_id and i.fee_record_id = r.id and not i.paid
      where u.school_id = ${schoolId} and u.id = ${studentId} and u.role_id = ${roleSql(ROLE.STUDENT)}
      order by i.seq`),
  );
  if (rows.length === 0) throw notFound('Student');
  const unpaid = rows.filter((r) => r.emi);
  const overdue = unpaid.filter((r) => r.overdue);
  const next = unpaid.find((r) => !r.overdue);
  const ids = [...overdue, ...(next ? [next] : [])].map((r) => r.emi!);
  if (ids.length === 0) throw new AppError('CONFLICT', 'Nothing is due for this student.', { reason: 'fee_nothing_due' });
  return ids;
}

/**
 * `POST /api/school/feecounter/collect`: the instalments paid as one batch, received by the caller,
 * dated `paidOn` (default the school's today; not after it: 400 `paid_on_future`). An instalment
 * paid already: 409 `emi_paid`, nothing written. The parent is told once it is committed.
 */
export async function collectAtCounter(
  deps: Pick<Deps, 'data' | 'realtime' | 'outbox'>,
  caller: Caller,
  body: CounterCollectInput,
  now = clockNow(),
): Promise<CounterCollectResult> {
  const schoolId = scopeOf(caller);
  const { via: later, flush } = afterCommit(deps);
  const answer = await inTenant(deps, schoolId, async (tx): Promise<CounterCollectResult> => {
    const done = await batchAnswer(tx, schoolId, body.batchId);
    if (done) return { ...sameStudent(done, 'studentId' in body ? body.studentId : await studentOfInstalments(tx, schoolId, body.emiIds)), created: false };
    const emiIds = 'emiIds' in body ? body.emiIds : await defaultInstalments(tx, schoolId, body.studentId, now);
    const insts = await lockInstalments(tx, schoolId, emiIds);
    // The batch is this student's from now on: another student's collection under the same id waits
    // here for this one to commit, then is refused (the key `fee_counter_batches_pk`).
    await claimBatch(tx, schoolId, body.batchId, insts[0]!.studentId);
    // A submit of the same batch that held the lock before us has committed by now.
    const raced = await batchAnswer(tx, schoolId, body.batchId);
    if (raced) return { ...sameStudent(raced, insts[0]!.studentId), created: false };
    const today = localDate(insts[0]!.timeZone, now);
    const paidOn = body.paidOn ?? today;
    if (paidOn > today) throw new AppError('BAD_REQUEST', 'A payment cannot be dated after today.', { reason: 'paid_on_future', field: 'paidOn' });
    if (insts.some((i) => i.paid)) throw new AppError('CONFLICT', 'This instalment is paid already.', { reason: 'emi_paid' });
    await writePayments(later, tx, schoolId, insts, {
      mode: body.mode,
      reference: body.reference ?? null,
      paidOn,
      receivedBy: { userId: caller.userId, name: caller.name },
      batchId: body.batchId,
    });
    return { ...(await batchAnswer(tx, schoolId, body.batchId))!, created: true };
  });
  flush();
  return answer;
}

// ---------------------------------------------------------------------------------------------
// The day

type ClosingCols = {
  closing_id: string | null;
  pieces: Record<string, number> | null;
  counted: Num;
  expected: Num;
  closed_at: Date | string | null;
  closer_id: string | null;
  closer_first: string | null;
  closer_last: string | null;
  closer_login: string | null;
};

/** A closing's columns as `ClosingCols`, from a closing `cl` and its closer `u`. */
const CLOSING_COLS = sql`cl.id as closing_id, cl.pieces, cl.counted, cl.expected, cl.closed_at,
  u.id as closer_id, u.first_name as closer_first, u.last_name as closer_last, u.login_id as closer_login`;

function presentClosing(day: string, r: ClosingCols): CashClosing | null {
  if (!r.closing_id) return null;
  const counted = num(r.counted);
  const expected = num(r.expected);
  return {
    closingId: r.closing_id,
    date: day,
    pieces: r.pieces ?? {},
    counted,
    expected,
    difference: counted - expected,
    closedBy: r.closer_id ? { userId: r.closer_id, fullName: fullName({ firstName: r.closer_first ?? '', lastName: r.closer_last ?? '' }), loginId: r.closer_login ?? '' } : null,
    closedAt: new Date(r.closed_at!).toISOString(),
  };
}

/**
 * `GET /api/school/feecounter/day?date=`: the day's live payments by mode (every mode listed), the
 * cash expected, and the day's latest closing.
 */
export async function counterDay(deps: Pick<Deps, 'data'>, caller: Caller, q: { date?: string }, now = clockNow()): Promise<CounterDay> {
  const schoolId = scopeOf(caller);
  const rows = await run<{ day: string; today: string; mode: PaymentMode | null; count: Num; amount: Num; expected_cash: Num } & ClosingCols>(
    tenantDb(deps, schoolId),
    'fee_counter_day',
    sql`with t as (
        select coalesce(${q.date ?? null}::date, (${now.toISOString()}::timestamptz at time zone s.time_zone)::date) as day,
          (${now.toISOString()}::timestamptz at time zone s.time_zone)::date as today
        from schools s where s.id = ${schoolId}::uuid
      )
      select t.day::text as day, t.today::text as today, m.mode, m.count, m.amount, x.expected_cash, ${CLOSING_COLS}
      from t
      left join lateral (
        select c.* from fee_cash_closings c where c.school_id = ${schoolId}::uuid and c.day = t.day order by c.closed_at desc, c.id desc limit 1
      ) cl on true
      left join users u on u.id = cl.closed_by
      left join lateral (
        select p.mode, count(*) as count, sum(p.amount + p.late_fee)::float8 as amount
        from fee_payments p
        where p.school_id = ${schoolId}::uuid and p.session_id in (select a.id from academic_sessions a where a.school_id = ${schoolId}::uuid)
          and p.paid_on = t.day and p.reversed_at is null
        group by p.mode
      ) m on true
      left join lateral (
        select coalesce(sum(round(b.total / 100.0) * 100), 0)::float8 as expected_cash
        from (
          select sum(p.amount + p.late_fee) as total
          from fee_payments p
          where p.school_id = ${schoolId}::uuid and p.session_id in (select a.id from academic_sessions a where a.school_id = ${schoolId}::uuid)
            and p.paid_on = t.day and p.reversed_at is null and p.mode = 'cash'
          group by coalesce(p.batch_id, p.id)
        ) b
      ) x on true`,
  );
  if (!rows[0]) throw notFound('School');
  const byMode = new Map(rows.filter((r) => r.mode).map((r) => [r.mode!, r]));
  const modes = PAID_MODES.map((mode) => ({ mode, count: num(byMode.get(mode)?.count), amount: num(byMode.get(mode)?.amount) }));
  return {
    date: rows[0].day,
    today: rows[0].today,
    modes,
    count: modes.reduce((sum, m) => sum + m.count, 0),
    amount: modes.reduce((sum, m) => sum + m.amount, 0),
    // Cash is taken in whole rupees: each cash collection (a batch, or a payment of its own) rounded (`cashRounded`).
    expectedCash: num(rows[0].expected_cash),
    closing: presentClosing(rows[0].day, rows[0]),
  };
}

/**
 * `POST /api/school/feecounter/close`: the day (absent: today; after today: 400 `close_future`)
 * closed with the pieces counted: their total (`cashTallyTotal`), the cash the day's live payments
 * expect now, and who closed it, kept as a new closing. Answers it.
 */
export async function closeCounterDay(deps: Pick<Deps, 'data'>, caller: Caller, body: CashCloseInput, now = clockNow()): Promise<CashClosing> {
  const schoolId = scopeOf(caller);
  const day = await counterDay(deps, caller, { date: body.date }, now);
  if (day.date > day.today) throw new AppError('BAD_REQUEST', 'A day after today cannot be closed.', { reason: 'close_future', field: 'date' });
  const pieces = Object.fromEntries(Object.entries(body.pieces).filter(([, n]) => (n ?? 0) > 0)) as Record<string, number>;
  // Kept and answered as the day shows it (who closed it, by the users table), in one statement.
  const [closing] = await run<ClosingCols>(
    tenantDb(deps, schoolId),
    'fee_cash_close',
    sql`with cl as (
        insert into fee_cash_closings (school_id, day, pieces, counted, expected, closed_by, closed_at)
        values (${schoolId}::uuid, ${day.date}::date, ${JSON.stringify(pieces)}::jsonb, ${cashTallyTotal(pieces)}, ${day.expectedCash}, ${caller.userId}::uuid, ${now.toISOString()}::timestamptz)
        returning *
      )
      select ${CLOSING_COLS} from cl left join users u on u.id = cl.closed_by`,
  );
  return presentClosing(day.date, closing!)!;
}
