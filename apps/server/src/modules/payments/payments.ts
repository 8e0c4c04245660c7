import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type MarkPaidBody, type Payment, type PaymentMode, type StudentFees } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { violatedConstraint } from '../../db/errors.js';
import { feePayments, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant } from '../../db/scope.js';
import { localDate } from '../calendar/index.js';
import { now } from '../../clock.js';
import { afterCommit, notifyMany, type Delivery } from '../notifications/service.js';
import { fullName } from '../users/service.js';
import { loadStudentFees, lockInstalments, presentPayment, type LockedInstalment } from '../fees/index.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Payments and reversals (issue 9, part "records"; plans are fees' `instalments.ts`). Every write
 * is one transaction that locks the fee record first (FOR UPDATE, a statement of its own), so
 * requests on one record wait for each other and read what the one before committed:
 *
 * - marking paid takes the next receipt number of the school and session from
 *   `fee_receipt_counters` (an upsert: its row lock is held until the payment commits, so numbers
 *   are gapless, and a rolled-back payment gives its number back), writes the payment, sets the
 *   instalment paid and adds to the record's `paid`: one statement. Marking a paid instalment
 *   again changes nothing and answers its payment (`created: false`); the partial unique index
 *   `fee_payments_live_uq` (one live payment per instalment) is the guarantee behind the lock;
 * - reversing marks the live payment reversed (who, when, why: its receipt number stays used),
 *   the instalment unpaid, and takes the amount off the record's `paid`;
 * - cash is never dated on an earlier day whose cash was closed at the counter (409 `cash_day_closed`).
 *
 * Lock order, shared with fees' records.ts and instalments.ts: the record, then its instalment, then the receipt counter.
 */

type Scope = string;
const LIVE_PAYMENT = 'fee_payments_live_uq';

const receiver = alias(users, 'receiver');
const reverser = alias(users, 'reverser');

/** Payments as the API shows them (who received them, who reversed them), by a condition: one statement. */
export async function paymentsWhere(db: DbOrTx, schoolId: Scope, where: SQL): Promise<Payment[]> {
  const rows = await db
    .select({
      p: feePayments,
      receiver: { userId: receiver.id, firstName: receiver.firstName, lastName: receiver.lastName, loginId: receiver.loginId },
      reverser: { userId: reverser.id, firstName: reverser.firstName, lastName: reverser.lastName, loginId: reverser.loginId },
    })
    .from(feePayments)
    .leftJoin(receiver, eq(receiver.id, feePayments.receivedBy))
    .leftJoin(reverser, eq(reverser.id, feePayments.reversedBy))
    .where(and(eq(feePayments.schoolId, schoolId), where));
  return rows.map(presentPayment);
}
const paymentWhere = async (db: DbOrTx, schoolId: Scope, where: SQL) => (await paymentsWhere(db, schoolId, where))[0] ?? null;

const livePaymentOf = (db: DbOrTx, schoolId: Scope, emiId: string) =>
  paymentWhere(db, schoolId, and(eq(feePayments.instalmentId, emiId), isNull(feePayments.reversedAt))!);

// ---------------------------------------------------------------------------------------------
// Payments and reversals

/** How a payment came in: the mode and reference, the day, who took it, and the batch (order) it belongs to. */
export interface PaymentTerms {
  mode: PaymentMode;
  reference: string | null;
  /** School-local `YYYY-MM-DD`, checked by the caller (not after today). */
  paidOn: string;
  /** The staff member who took it (null: the gateway, or a parent's confirmed UPI claim taken by nobody). */
  receivedBy: { userId: string; name: string } | null;
  batchId: string | null;
  orderId?: string | null;
  /** The late fee each instalment is paid with when a quote fixed it (an online order), by instalment id; else the one charged now. */
  lateFees?: ReadonlyMap<string, number>;
}

/**
 * Cash dated on an earlier day whose cash was counted and closed at the counter
 * (`fee_cash_closings`) would change a tally that is done: 409 `cash_day_closed` (params: date),
 * nothing written. Today stays open after a count: cash taken after it shows on the counter as
 * come in since the count, and a recount closes the day again.
 */
async function assertCashDayOpen(tx: Tx, schoolId: Scope, paidOn: string): Promise<void> {
  const [closed] = rowsOf<{ one: number }>(
    await tx.execute(sql`select 1 as one from fee_cash_closings where school_id = ${schoolId}::uuid and day = ${paidOn}::date limit 1`),
  );
  if (closed) {
    throw new AppError('CONFLICT', `The cash of ${paidOn} is counted and closed: no cash can be added to that day.`, {
      reason: 'cash_day_closed',
      field: 'paidOn',
      params: { date: paidOn },
    });
  }
}

/**
 * Records the payment of locked, unpaid instalments (`lockInstalments`) in the caller's
 * transaction: for each, the next receipt number of the school and session from
 * `fee_receipt_counters` (its row lock is held until the transaction commits, so numbers are
 * gapless, and a rolled-back payment gives its numbers back), the payment with its late fee, the
 * instalment paid, the record's `paid` increased; then one bell for the parent. The one path every
 * payment takes: the office, the fee counter, the gateway, a confirmed UPI reference.
 */
export async function writePayments(later: Delivery, tx: Tx, schoolId: Scope, insts: readonly LockedInstalment[], terms: PaymentTerms): Promise<Payment[]> {
  if (terms.mode === 'cash' && insts[0] && terms.paidOn < localDate(insts[0].timeZone)) await assertCashDayOpen(tx, schoolId, terms.paidOn);
  const written: Array<{ id: string; receiptNo: number }> = [];
  const lateFeeOf = (inst: LockedInstalment) => terms.lateFees?.get(inst.id) ?? inst.lateFee;
  for (const inst of insts) {
    if (inst.paid) throw new AppError('CONFLICT', 'This instalment is paid already.', { reason: 'emi_paid' });
    const [row] = rowsOf<{ id: string; receiptNo: number }>(
      await tx.execute(sql`
        with n as (
          insert into fee_receipt_counters (school_id, session_id, last_no) values (${schoolId}::uuid, ${inst.sessionId}::uuid, 1)
          on conflict (school_id, session_id) do update set last_no = fee_receipt_counters.last_no + 1
          returning last_no
        ), p as (
          insert into fee_payments (school_id, session_id, fee_record_id, instalment_id, seq, receipt_no, amount, late_fee, mode, reference, paid_on, received_by, batch_id, order_id)
          select ${schoolId}::uuid, ${inst.sessionId}::uuid, ${inst.recordId}::uuid, ${inst.id}::uuid, ${inst.seq}::smallint, n.last_no, ${inst.amount}::bigint, ${lateFeeOf(inst)}::bigint,
            ${terms.mode}::text, ${terms.reference}::text, ${terms.paidOn}::date, ${terms.receivedBy?.userId ?? null}::uuid, ${terms.batchId}::uuid, ${terms.orderId ?? null}::uuid
          from n
          returning id, receipt_no
        ), i as (
          update fee_instalments set paid = true where school_id = ${schoolId} and id = ${inst.id} returning 1
        ), r as (
          update fee_records set paid = paid + ${inst.amount}::bigint, updated_at = now() where school_id = ${schoolId} and id = ${inst.recordId} returning 1
        )
        select p.id, p.receipt_no as "receiptNo" from p`),
    );
    written.push(row!);
  }
  const first = insts[0];
  if (first?.parentUserId) {
    const receipts = written.map((w) => w.receiptNo);
    await notifyMany(later, tx, [
      {
        schoolId,
        userId: first.parentUserId,
        senderId: terms.receivedBy?.userId ?? null,
        senderName: terms.receivedBy?.name ?? '',
        kind: 'fee',
        link: '/studentfeedata',
        params: {
          child: fullName(first),
          amount: insts.reduce((sum, i) => sum + Number(i.amount) + Number(lateFeeOf(i)), 0),
          receiptNo: receipts.length > 1 ? `${receipts[0]}–${receipts[receipts.length - 1]}` : receipts[0]!,
        },
      },
    ]);
  }
  const payments = await paymentsWhere(tx, schoolId, inArray(feePayments.id, written.map((w) => w.id)));
  return written.map((w) => payments.find((p) => p.paymentId === w.id)!);
}

/**
 * `POST /api/school/feerecord/emi/paid/:emiId`: marks an instalment paid (a POST: a GET that moves
 * money could be replayed by a link preview or a prefetch). `paidOn` defaults to the school's
 * today and may not be after it (400 `paid_on_future`). Marking a paid instalment answers its live
 * payment with `created: false`. The student's parent is told in the bell once the payment is
 * committed.
 */
export async function markInstalmentPaid(
  deps: Pick<Deps, 'data' | 'realtime' | 'outbox'>,
  caller: Caller,
  emiId: string,
  body: MarkPaidBody,
): Promise<{ payment: Payment; created: boolean }> {
  const schoolId = scopeOf(caller);
  const { via: later, flush } = afterCommit(deps);
  let answer: { payment: Payment; created: boolean };
  try {
    answer = await inTenant(deps, schoolId, async (tx) => {
      const inst = (await lockInstalments(tx, schoolId, [emiId]))[0]!;
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
      const [payment] = await writePayments(later, tx, schoolId, [inst], {
        mode: body.mode,
        reference: body.reference ?? null,
        paidOn,
        receivedBy: { userId: caller.userId, name: caller.name },
        batchId: null,
      });
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

/** A gateway refund recorded with a reversal: pending until the gateway answers (`online.ts`). */
export interface ReversalRefund {
  refundId: string | null;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

/**
 * Reverses the live payment of a locked, paid instalment in the caller's transaction (the caller
 * checked `inst.paid`): the payment marked reversed (who, when, why; a gateway refund with it), the
 * instalment due again, the amount off the record's `paid`. Answers the reversed payment's id.
 */
export async function writeReversal(tx: Tx, schoolId: Scope, caller: Pick<Caller, 'userId'>, inst: LockedInstalment, reason: string, refund: ReversalRefund | null): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      with p as (
        update fee_payments set reversed_at = ${now().toISOString()}::timestamptz, reversed_by = ${caller.userId}, reversal_reason = ${reason},
          refund_id = ${refund?.refundId ?? null}::text, refund_amount = ${refund?.amount ?? null}::bigint, refund_status = ${refund?.status ?? null}::text
        where school_id = ${schoolId} and instalment_id = ${inst.id} and reversed_at is null
        returning id
      ), i as (
        update fee_instalments set paid = false where school_id = ${schoolId} and id = ${inst.id} returning 1
      ), r as (
        update fee_records set paid = paid - ${inst.amount}::bigint, updated_at = now() where school_id = ${schoolId} and id = ${inst.recordId} returning 1
      )
      select id from p`),
  );
  return row!.id;
}

export const notPaid = () => new AppError('CONFLICT', 'Only a paid instalment can be reversed.', { reason: 'emi_not_paid' });

/**
 * `POST /api/school/feerecord/emi/reverse/:emiId`: reverses the live payment of a paid instalment
 * (409 `emi_not_paid` otherwise) with a reason; the receipt keeps its number, marked reversed; the
 * instalment is due again. Answers the student's fees. With a gateway refund, `online.ts`
 * (`reverseWithRefund`) takes the same path under the same lock.
 */
export async function reverseInstalment(deps: Pick<Deps, 'data'>, caller: Caller, emiId: string, body: { reason: string }): Promise<StudentFees> {
  const schoolId = scopeOf(caller);
  return inTenant(deps, schoolId, async (tx) => {
    const inst = (await lockInstalments(tx, schoolId, [emiId]))[0]!;
    if (!inst.paid) throw notPaid();
    await writeReversal(tx, schoolId, caller, inst, body.reason, null);
    return loadStudentFees(tx, schoolId, inst.studentId, inst.sessionId);
  });
}
