import {
  classFeeTotal,
  feeRecordTotal,
  monthlyDueDates,
  splitInstalments,
  type ClassFeeAmounts,
  type FeeAdjustment,
  type PaymentMode,
} from '@shala/contract';
import type { Tx } from '../db/client.js';
import { classFees, feeInstalments, feeOrders, feePayments, feeReceiptCounters, feeRecords, feeTypes, paymentSettings } from '../db/schema.js';
import { addDays, localDate } from '../modules/calendar/days.js';
import { nowMs } from '../clock.js';

/**
 * The demo school's fees in the current session, in six multi-row statements, every amount from
 * the contract's functions:
 * - fee types: Transport (₹6,000), Late fee (2 %), Sibling discount (−10 %);
 * - class fees of classes 1–5, A and B, rising by class, without tax except 5-B (18 %);
 * - a fee record for every student of those classes except class 2-B (left to try the screens):
 *   DEMO-S0001 (5-A) with Transport, his sister DEMO-S0004 (2-A) with the sibling discount;
 * - a plan of 4 monthly instalments from two months before the school's today (two are past),
 *   except class 1-B (records without a plan yet, for /addfeeemi); the first instalment paid by
 *   most, the second by some, others overdue; DEMO-S0001 paid the first, the second is overdue;
 *   DEMO-S0004 paid none. One third instalment was paid today (collected today).
 * - payments with receipt numbers 1, 2, 3 … in the order they came in, the receipt counter at the
 *   last one, each record's `paid` equal to its live payments.
 */

export interface DemoFeeInput {
  schoolId: string;
  session: { id: string; startDate: string; endDate: string };
  timeZone: string;
  /** Class key (`5-A`) → its id. */
  classId: Map<string, string>;
  /** The students, in login-id order, with their class key. */
  students: Array<{ loginId: string; id: string; cls: string }>;
  /** Who received the payments. */
  principalId: string;
}

const rupees = (r: number) => r * 100;

/** Class n's fee (rupees rising by class); 5-B carries 18 % tax, to show it. */
function classFeeOf(key: string): ClassFeeAmounts {
  const n = Number(key.split('-')[0]) - 1;
  return {
    academic: rupees(3_000 + 500 * n),
    convenience: rupees(1_200),
    development: rupees(2_500 + 250 * n),
    tuition: rupees(18_000 + 3_000 * n),
    other: rupees(800),
    taxBp: key === '5-B' ? 1_800 : 0,
  };
}

const FEE_TYPES = [
  { name: 'Transport', kind: 'amount', value: rupees(6_000), description: 'School bus, for the year' },
  { name: 'Late fee', kind: 'percent', value: 200, description: 'Added when fees are paid late' },
  { name: 'Sibling discount', kind: 'percent', value: -1_000, description: 'For a second child at the school' },
] as const;

/** Fee types applied to a student (by name), beyond the class fee. */
const EXTRAS: Record<string, string[]> = { 'DEMO-S0001': ['Transport'], 'DEMO-S0004': ['Sibling discount'] };
/** Classes left without records, and with records but no plan. */
const NO_RECORD = '2-B';
const NO_PLAN = '1-B';
/** Modes in turn; `online`: paid through the school's gateway (a paid order of its own). */
const MODES: PaymentMode[] = ['cash', 'upi', 'online', 'cheque', 'bank_transfer'];

/** `date` moved by whole months, the day kept or clamped to the month's end. */
function addMonths(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const m0 = Number(date.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m0 / 12);
  const month = ((m0 % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(Number(date.slice(8, 10)), last)).padStart(2, '0')}`;
}

/** How much of its plan each student has paid: the first 1 … 4 instalments (0: none). */
function paidCount(loginId: string, index: number): number {
  if (loginId === 'DEMO-S0001') return 1;
  if (loginId === 'DEMO-S0004') return 0;
  // Mostly the first; every third student the second too; every seventh nothing (two overdue).
  if (index % 7 === 5) return 0;
  return index % 3 === 0 ? 2 : 1;
}

export async function seedDemoFees(tx: Tx, d: DemoFeeInput): Promise<void> {
  const { schoolId } = d;
  const today = localDate(d.timeZone);
  const sessionId = d.session.id;

  const types = await tx
    .insert(feeTypes)
    .values(FEE_TYPES.map((t) => ({ schoolId, ...t })))
    .returning({ id: feeTypes.id, name: feeTypes.name, kind: feeTypes.kind, value: feeTypes.value });
  const typeOf = new Map(types.map((t) => [t.name, t]));

  const feeOf = new Map([...d.classId.keys()].map((key) => [key, classFeeOf(key)]));
  await tx.insert(classFees).values(
    [...feeOf].map(([key, fee]) => ({ schoolId, classId: d.classId.get(key)!, sessionId, ...fee, total: classFeeTotal(fee).total, updatedBy: d.principalId })),
  );

  // Records: the class fee's total and the student's fee types, applied in the contract's order.
  const withRecord = d.students.filter((s) => s.cls !== NO_RECORD && d.classId.has(s.cls));
  const records = withRecord.map((s, index) => {
    const classFee = classFeeTotal(feeOf.get(s.cls)!).total;
    const applied = (EXTRAS[s.loginId] ?? []).map((name) => typeOf.get(name)!);
    const { amounts, total } = feeRecordTotal(
      classFee,
      applied.map((t) => ({ kind: t.kind as 'amount' | 'percent', value: t.value })),
    );
    const adjustments: FeeAdjustment[] = applied.map((t, i) => ({ feeTypeId: t.id, name: t.name, kind: t.kind as 'amount' | 'percent', value: t.value, amount: amounts[i]! }));
    return { student: s, index, classFee, adjustments, total };
  });

  // Plans: 4 monthly instalments from two months before today (not before the session starts).
  const twoMonthsAgo = addMonths(today, -2);
  const start = twoMonthsAgo < d.session.startDate ? d.session.startDate : twoMonthsAgo;
  const dueDates = monthlyDueDates(start, 4);
  const planned = records.filter((r) => r.student.cls !== NO_PLAN);
  const plans = planned.map((r) => {
    const amounts = splitInstalments(r.total, 4);
    const paid = Math.min(paidCount(r.student.loginId, r.index), dueDates.filter((due) => due <= today).length);
    return { record: r, amounts, paid };
  });
  // One family paid the instalment due today, today (when one falls today).
  const payingToday = dueDates[2] === today ? plans.find((p) => p.paid === 2 && p.record.student.loginId !== 'DEMO-S0001') : undefined;
  if (payingToday) payingToday.paid = 3;

  // Payments in the order they came in (on or up to 3 days before the due date, not before the
  // session), numbered 1, 2, 3 … gapless.
  const payments = plans
    .flatMap((p) =>
      p.amounts.slice(0, p.paid).map((amount, i) => {
        const due = dueDates[i]!;
        const early = addDays(due, -((p.record.index + i) % 4));
        const paidOn = due === today ? today : early < d.session.startDate ? d.session.startDate : early;
        return { plan: p, seq: i + 1, amount, paidOn, mode: MODES[(p.record.index + i) % MODES.length]! };
      }),
    )
    .sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.plan.record.student.loginId.localeCompare(b.plan.record.student.loginId) || a.seq - b.seq)
    .map((pay, i) => ({ ...pay, receiptNo: i + 1 }));
  const paidOf = new Map<string, number>();
  for (const pay of payments) paidOf.set(pay.plan.record.student.id, (paidOf.get(pay.plan.record.student.id) ?? 0) + pay.amount);

  const recordRows = await tx
    .insert(feeRecords)
    .values(
      records.map((r) => ({
        schoolId,
        sessionId,
        classId: d.classId.get(r.student.cls)!,
        studentId: r.student.id,
        classFee: r.classFee,
        adjustments: r.adjustments,
        total: r.total,
        paid: paidOf.get(r.student.id) ?? 0,
        createdBy: d.principalId,
      })),
    )
    .returning({ id: feeRecords.id, studentId: feeRecords.studentId });
  const recordOf = new Map(recordRows.map((r) => [r.studentId, r.id]));

  if (!plans.length) return;
  const instalmentRows = await tx
    .insert(feeInstalments)
    .values(
      plans.flatMap((p) =>
        p.amounts.map((amount, i) => ({ schoolId, sessionId, feeRecordId: recordOf.get(p.record.student.id)!, seq: i + 1, dueDate: dueDates[i]!, amount, paid: i < p.paid })),
      ),
    )
    .returning({ id: feeInstalments.id, feeRecordId: feeInstalments.feeRecordId, seq: feeInstalments.seq });
  const instalmentOf = new Map(instalmentRows.map((r) => [`${r.feeRecordId}/${r.seq}`, r.id]));

  // The school's gateway: demo keys pointing at nothing real ("Pay now" explains), no secrets stored.
  await tx.insert(paymentSettings).values({ schoolId, razorpayKeyId: 'rzp_test_ShalaDemoSchool', hookToken: `demo-${schoolId}`, demo: true, updatedBy: d.principalId });

  if (payments.length) {
    const now = nowMs();
    // A payment made online came with its order at the gateway, paid.
    const orderOf = new Map(payments.filter((pay) => pay.mode === 'online').map((pay) => [pay.receiptNo, crypto.randomUUID()]));
    const gatewayPayment = (receiptNo: number) => `pay_Demo${String(receiptNo).padStart(10, '0')}`;
    if (orderOf.size) {
      await tx.insert(feeOrders).values(
        payments
          .filter((pay) => orderOf.has(pay.receiptNo))
          .map((pay) => {
            const feeRecordId = recordOf.get(pay.plan.record.student.id)!;
            return {
              id: orderOf.get(pay.receiptNo)!,
              schoolId,
              sessionId,
              studentId: pay.plan.record.student.id,
              gatewayOrderId: `order_Demo${String(pay.receiptNo).padStart(10, '0')}`,
              amount: pay.amount,
              lines: [{ emiId: instalmentOf.get(`${feeRecordId}/${pay.seq}`)!, amount: pay.amount, lateFee: 0 }],
              status: 'paid',
              gatewayPaymentId: gatewayPayment(pay.receiptNo),
              method: 'upi',
              createdBy: null,
              createdAt: new Date(Math.min(Date.parse(`${pay.paidOn}T04:55:00Z`), now)),
              paidAt: new Date(Math.min(Date.parse(`${pay.paidOn}T05:00:00Z`), now)),
            };
          }),
      );
    }
    await tx.insert(feePayments).values(
      payments.map((pay) => {
        const feeRecordId = recordOf.get(pay.plan.record.student.id)!;
        // Received at 10:30 in the school's day (never later than now).
        const at = Math.min(Date.parse(`${pay.paidOn}T05:00:00Z`), now);
        const orderId = orderOf.get(pay.receiptNo) ?? null;
        if (orderId) return { schoolId, sessionId, feeRecordId, instalmentId: instalmentOf.get(`${feeRecordId}/${pay.seq}`)!, seq: pay.seq, receiptNo: pay.receiptNo, amount: pay.amount, mode: pay.mode, reference: gatewayPayment(pay.receiptNo), paidOn: pay.paidOn, receivedBy: null, batchId: orderId, orderId, createdAt: new Date(at) };
        return {
          schoolId,
          sessionId,
          feeRecordId,
          instalmentId: instalmentOf.get(`${feeRecordId}/${pay.seq}`)!,
          seq: pay.seq,
          receiptNo: pay.receiptNo,
          amount: pay.amount,
          mode: pay.mode,
          reference: pay.mode === 'cash' ? null : `${pay.mode === 'upi' ? 'UPI' : pay.mode === 'cheque' ? 'CHQ' : 'NEFT'}-${String(100_000 + pay.receiptNo * 7_919).slice(-6)}`,
          paidOn: pay.paidOn,
          receivedBy: d.principalId,
          createdAt: new Date(at),
        };
      }),
    );
  }
  await tx.insert(feeReceiptCounters).values({ schoolId, sessionId, lastNo: payments.length });
}
