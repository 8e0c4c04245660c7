import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  INSTALMENTS_MAX,
  monthlyDueDates,
  splitInstalments,
  type EmiPlanInput,
  type MarkPaidBody,
  type Payment,
  type StudentFees,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { feeInstalments, feePayments, feeRecords, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { inTenant, scopeOf } from '../../policy/index.js';
import { localDate } from '../calendar/index.js';
import { now } from '../../clock.js';
import { afterCommit, notifyMany } from '../notifications/service.js';
import { fullName } from '../users/service.js';
import { lockRecord, resultRows } from './records.js';
import { loadStudentFees, presentPayment } from './student.js';

/**
 * Instalment plans, payments and reversals (issue 9, part "records"). Every write is one
 * transaction that locks the fee record first (FOR UPDATE, a statement of its own), so requests on
 * one record wait for each other and read what the one before committed:
 *
 * - a plan splits the balance (total − paid) with `splitInstalments` (the last instalment takes the
 *   remainder) over `monthlyDueDates` or the dates given, replacing the unpaid instalments; paid
 *   ones stay, so the instalments of a record always add up to its total;
 * - marking paid takes the next receipt number of the school and session from
 *   `fee_receipt_counters` (an upsert: its row lock is held until the payment commits, so numbers
 *   are gapless, and a rolled-back payment gives its number back), writes the payment, sets the
 *   instalment paid and adds to the record's `paid`: one statement. Marking a paid instalment
 *   again changes nothing and answers its payment (`created: false`); the partial unique index
 *   `fee_payments_live_uq` (one live payment per instalment) is the guarantee behind the lock;
 * - reversing marks the live payment reversed (who, when, why: its receipt number stays used),
 *   the instalment unpaid, and takes the amount off the record's `paid`.
 *
 * Lock order, shared with records.ts: the record, then its instalment, then the receipt counter.
 */

type Scope = string;
const LIVE_PAYMENT = 'fee_payments_live_uq';

const receiver = alias(users, 'receiver');
const reverser = alias(users, 'reverser');

/** A payment as the API shows it (who received it, who reversed it), by a condition: one statement. */
async function paymentWhere(db: DbOrTx, schoolId: Scope, where: SQL): Promise<Payment | null> {
  const [row] = await db
    .select({
      p: feePayments,
      receiver: { userId: receiver.id, firstName: receiver.firstName, lastName: receiver.lastName, loginId: receiver.loginId },
      reverser: { userId: reverser.id, firstName: reverser.firstName, lastName: reverser.lastName, loginId: reverser.loginId },
    })
    .from(feePayments)
    .leftJoin(receiver, eq(receiver.id, feePayments.receivedBy))
    .leftJoin(reverser, eq(reverser.id, feePayments.reversedBy))
    .where(and(eq(feePayments.schoolId, schoolId), where));
  return row ? presentPayment(row) : null;
}

const livePaymentOf = (db: DbOrTx, schoolId: Scope, emiId: string) =>
  paymentWhere(db, schoolId, and(eq(feePayments.instalmentId, emiId), isNull(feePayments.reversedAt))!);

// ---------------------------------------------------------------------------------------------
// Plans

/**
 * `POST /api/school/feerecord/emi`: a plan for a record's balance. The unpaid instalments are
 * replaced; the new ones are numbered after the paid ones. Nothing due: 409 `fee_nothing_due`;
 * more instalments than paise: 409 `emi_too_many`. Answers the student's fees.
 */
export async function planInstalments(deps: Pick<Deps, 'data'>, caller: Caller, body: EmiPlanInput): Promise<StudentFees> {
  const schoolId = scopeOf(caller);
  return inTenant(deps, schoolId, async (tx) => {
    await lockRecord(tx, schoolId, body.feeRecordId);
    const [record] = resultRows<{ total: number; paid: number; studentId: string; sessionId: string; lastPaidSeq: number }>(
      await tx.execute(sql`
        select r.total::float8 as total, r.paid::float8 as paid, r.student_id as "studentId", r.session_id as "sessionId",
          coalesce((select max(i.seq) from fee_instalments i where i.school_id = r.school_id and i.fee_record_id = r.id and i.paid), 0)::int as "lastPaidSeq"
        from fee_records r where r.school_id = ${schoolId} and r.id = ${body.feeRecordId}`),
    );
    const balance = record!.total - record!.paid;
    if (balance <= 0) throw new AppError('CONFLICT', 'Nothing is due on this record: there is no balance to plan.', { reason: 'fee_nothing_due' });
    const dates = body.dueDates ?? monthlyDueDates(body.startDate!, body.count!);
    if (dates.length > balance) {
      const max = Math.min(balance, INSTALMENTS_MAX);
      throw new AppError('CONFLICT', `The balance allows at most ${max} instalments.`, { reason: 'emi_too_many', field: 'count', params: { max } });
    }
    const amounts = splitInstalments(balance, dates.length);
    await tx.delete(feeInstalments).where(and(eq(feeInstalments.schoolId, schoolId), eq(feeInstalments.feeRecordId, body.feeRecordId), eq(feeInstalments.paid, false)));
    await tx.insert(feeInstalments).values(
      amounts.map((amount, i) => ({ schoolId, sessionId: record!.sessionId, feeRecordId: body.feeRecordId, seq: record!.lastPaidSeq + i + 1, dueDate: dates[i]!, amount })),
    );
    return loadStudentFees(tx, schoolId, record!.studentId, record!.sessionId);
  });
}

// ---------------------------------------------------------------------------------------------
// Payments and reversals

interface LockedInstalment {
  id: string;
  seq: number;
  amount: number;
  paid: boolean;
  recordId: string;
  sessionId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  parentUserId: string | null;
  timeZone: string;
}

/**
 * Locks an instalment of the school with its record: the record first (the lock every write of a
 * record takes), then the instalment, read in a statement of its own after the record's lock is
 * held. Not one of the school's (or replaced by a plan meanwhile): 404.
 */
async function lockInstalment(tx: Tx, schoolId: Scope, emiId: string): Promise<LockedInstalment> {
  const [record] = await tx
    .select({ id: feeRecords.id })
    .from(feeRecords)
    .where(
      and(
        eq(feeRecords.schoolId, schoolId),
        eq(feeRecords.id, sql`(select i.fee_record_id from ${feeInstalments} i where i.school_id = ${schoolId} and i.id = ${emiId})`),
      ),
    )
    .for('update');
  if (!record) throw notFound('Instalment');
  const [row] = resultRows<LockedInstalment>(
    await tx.execute(sql`
      select i.id, i.seq, i.amount::float8 as amount, i.paid, r.id as "recordId", r.session_id as "sessionId", r.student_id as "studentId",
        u.first_name as "firstName", u.last_name as "lastName", u.parent_user_id as "parentUserId", s.time_zone as "timeZone"
      from fee_instalments i
      join fee_records r on r.school_id = i.school_id and r.id = i.fee_record_id
      join users u on u.id = r.student_id
      join schools s on s.id = i.school_id
      where i.school_id = ${schoolId} and i.id = ${emiId}
      for update of i`),
  );
  if (!row) throw notFound('Instalment');
  return row;
}


/**
 * `POST /api/school/feerecord/emi/paid/:emiId`: marks an instalment paid (a POST: a GET that moves
 * money could be replayed by a link preview or a prefetch). `paidOn` defaults to the school's
 * today and may not be after it (400 `paid_on_future`). Marking a paid instalment answers its live
 * payment with `created: false`. The student's parent is told in the bell once the payment is
 * committed.
 */
export async function markInstalmentPaid(
  deps: Pick<Deps, 'data' | 'realtime'>,
  caller: Caller,
  emiId: string,
  body: MarkPaidBody,
): Promise<{ payment: Payment; created: boolean }> {
  const schoolId = scopeOf(caller);
  const { via: later, flush } = afterCommit(deps);
  let answer: { payment: Payment; created: boolean };
  try {
    answer = await inTenant(deps, schoolId, async (tx) => {
      const inst = await lockInstalment(tx, schoolId, emiId);
      const today = localDate(inst.timeZone);
      const paidOn = body.paidOn ?? today;
      if (paidOn > today) {
        throw new AppError('BAD_REQUEST', 'A payment cannot be dated after today.', { reason: 'paid_on_future', field: 'paidOn' });
      }
      if (inst.paid) {
        const live = await livePaymentOf(tx, schoolId, emiId);
        if (!live) throw new AppError('CONFLICT', 'This instalment is marked paid without a payment.', { reason: 'emi_paid' });
        return { payment: live, created: false };
      }
      const [written] = resultRows<{ id: string; receiptNo: number }>(
        await tx.execute(sql`
          with n as (
            insert into fee_receipt_counters (school_id, session_id, last_no) values (${schoolId}::uuid, ${inst.sessionId}::uuid, 1)
            on conflict (school_id, session_id) do update set last_no = fee_receipt_counters.last_no + 1
            returning last_no
          ), p as (
            insert into fee_payments (school_id, session_id, fee_record_id, instalment_id, seq, receipt_no, amount, mode, reference, paid_on, received_by)
            select ${schoolId}::uuid, ${inst.sessionId}::uuid, ${inst.recordId}::uuid, ${inst.id}::uuid, ${inst.seq}::smallint, n.last_no, ${inst.amount}::bigint,
              ${body.mode}::text, ${body.reference ?? null}::text, ${paidOn}::date, ${caller.userId}::uuid
            from n
            returning id, receipt_no
          ), i as (
            update fee_instalments set paid = true where school_id = ${schoolId} and id = ${inst.id} returning 1
          ), r as (
            update fee_records set paid = paid + ${inst.amount}::bigint, updated_at = now() where school_id = ${schoolId} and id = ${inst.recordId} returning 1
          )
          select p.id, p.receipt_no as "receiptNo" from p`),
      );
      if (inst.parentUserId) {
        await notifyMany(later, tx, [
          {
            schoolId,
            userId: inst.parentUserId,
            senderId: caller.userId,
            senderName: caller.name,
            kind: 'fee',
            link: '/studentfeedata',
            params: { child: fullName(inst), amount: Number(inst.amount), receiptNo: written!.receiptNo },
          },
        ]);
      }
      const payment = await paymentWhere(tx, schoolId, eq(feePayments.id, written!.id));
      return { payment: payment!, created: true };
    });
  } catch (err) {
    // Two payments of one instalment raced past the lock (they cannot, but the index is the
    // guarantee): the one that lost answers the one that won.
    if (!(err instanceof AppError) && violatedConstraint(err) === LIVE_PAYMENT) {
      const live = await inTenant(deps, schoolId, (tx) => livePaymentOf(tx, schoolId, emiId));
      if (live) return { payment: live, created: false };
    }
    throw err;
  }
  flush();
  return answer;
}

/**
 * `POST /api/school/feerecord/emi/reverse/:emiId`: reverses the live payment of a paid instalment
 * (409 `emi_not_paid` otherwise) with a reason; the receipt keeps its number, marked reversed; the
 * instalment is due again. Answers the student's fees.
 */
export async function reverseInstalment(deps: Pick<Deps, 'data'>, caller: Caller, emiId: string, body: { reason: string }): Promise<StudentFees> {
  const schoolId = scopeOf(caller);
  return inTenant(deps, schoolId, async (tx) => {
    const inst = await lockInstalment(tx, schoolId, emiId);
    if (!inst.paid) throw new AppError('CONFLICT', 'Only a paid instalment can be reversed.', { reason: 'emi_not_paid' });
    await tx.execute(sql`
      with p as (
        update fee_payments set reversed_at = ${now().toISOString()}::timestamptz, reversed_by = ${caller.userId}, reversal_reason = ${body.reason}
        where school_id = ${schoolId} and instalment_id = ${inst.id} and reversed_at is null
        returning amount
      ), i as (
        update fee_instalments set paid = false where school_id = ${schoolId} and id = ${inst.id} returning 1
      )
      update fee_records set paid = paid - ${inst.amount}::bigint, updated_at = now() where school_id = ${schoolId} and id = ${inst.recordId}`);
    return loadStudentFees(tx, schoolId, inst.studentId, inst.sessionId);
  });
}
