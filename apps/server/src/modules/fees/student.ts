import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROLE } from '@shala/contract';
import {
  classFeeTotal,
  type ClassFee,
  type FeeAdjustment,
  type FeeRecord,
  type Instalment,
  type Payment,
  type PaymentMode,
  type StudentFees,
} from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { allOf, type DbOrTx } from '../../db/client.js';
import { academicSessions, classFees, classStudents, classes, feeInstalments, feeLateFees, feePayments, feeRecords, feeUpiClaims, paymentSettings, schools, users } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { feesPolicy } from '../../policy/fees.js';
import { scopeOf } from '../../policy/index.js';
import { tenantDb } from '../../db/scope.js';
import { localDate } from '../calendar/index.js';
import { recordStaffView } from '../privacy/index.js';
import { fullName } from '../users/service.js';
import { now as clockNow } from '../../clock.js';

/**
 * A student's fees in a session, as the school, its parent and the student itself see them: the
 * record with its breakdown, the plan's instalments (paid, due, overdue by the school's today) and
 * every payment with its receipt number, reversed ones included. Three statements whatever the
 * plan's size: the student with its record, class and class fee (one), then the instalments and
 * the payments (two, sent together).
 */

const receiver = alias(users, 'receiver');
const reverser = alias(users, 'reverser');

/**
 * The plan figures of a record, for lists of records (one subquery per row on the record's
 * instalments, served by `fee_instalments_seq_uq`): instalments, paid ones, the next unpaid due
 * date, and the sum overdue on `today` (a `YYYY-MM-DD` parameter or expression).
 */
export function planStats(recordId: SQL | typeof feeRecords.id, schoolId: SQL | typeof feeRecords.schoolId, today: SQL | string) {
  return sql<{ instalments: number; paid: number; nextDue: string | null; overdue: number }>`(select json_build_object(
      'instalments', count(*),
      'paid', count(*) filter (where i.paid),
      'nextDue', min(i.due_date) filter (where not i.paid),
      'overdue', coalesce(sum(i.amount) filter (where not i.paid and i.due_date < ${today}::date), 0))
    from ${feeInstalments} i where i.school_id = ${schoolId} and i.fee_record_id = ${recordId})`;
}

/** The state of an instalment on the school's `today`. */
export function instalmentState(i: { paid: boolean; dueDate: string }, today: string): Instalment['state'] {
  if (i.paid) return 'paid';
  return i.dueDate < today ? 'overdue' : 'due';
}

/** Reads a student's fees; the caller's access is checked by `studentFeesFor` (or the caller of this). */
export async function loadStudentFees(db: DbOrTx, schoolId: string, studentId: string, sessionId: string, now: Date = clockNow()): Promise<StudentFees> {
  const [row] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      loginId: users.loginId,
      timeZone: schools.timeZone,
      recordId: feeRecords.id,
      recordClassFee: feeRecords.classFee,
      adjustments: feeRecords.adjustments,
      total: feeRecords.total,
      paid: feeRecords.paid,
      recordCreatedAt: feeRecords.createdAt,
      rollNo: classStudents.rollNo,
      classId: classes.id,
      masterClass: classes.masterClass,
      className: classes.name,
      section: classes.section,
      fee: {
        academic: classFees.academic,
        convenience: classFees.convenience,
        development: classFees.development,
        tuition: classFees.tuition,
        other: classFees.other,
        taxBp: classFees.taxBp,
        updatedAt: classFees.updatedAt,
      },
      hasFee: sql<boolean>`${classFees.classId} is not null`,
      online: sql<'live' | 'demo' | null>`case when ${paymentSettings.hookToken} is null then null when ${paymentSettings.demo} then 'demo' else 'live' end`,
      upi: sql<boolean>`coalesce(${paymentSettings.upiVpa} is not null, false)`,
    })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .innerJoin(academicSessions, and(eq(academicSessions.id, sessionId), eq(academicSessions.schoolId, users.schoolId)))
    .leftJoin(feeRecords, and(eq(feeRecords.schoolId, users.schoolId), eq(feeRecords.sessionId, sessionId), eq(feeRecords.studentId, users.id)))
    .leftJoin(classStudents, and(eq(classStudents.schoolId, users.schoolId), eq(classStudents.sessionId, sessionId), eq(classStudents.studentId, users.id)))
    .leftJoin(classes, sql`${classes.id} = coalesce(${feeRecords.classId}, ${classStudents.classId})`)
    .leftJoin(classFees, and(eq(classFees.schoolId, users.schoolId), eq(classFees.classId, classes.id)))
    .leftJoin(paymentSettings, eq(paymentSettings.schoolId, users.schoolId))
    .where(and(eq(users.schoolId, schoolId), eq(users.id, studentId), eq(users.roleId, ROLE.STUDENT)));
  if (!row) throw notFound('Student');

  const today = localDate(row.timeZone, now);
  const student = { userId: row.userId, fullName: fullName(row), loginId: row.loginId };
  const classRef = row.classId
    ? { assignClassId: row.classId, masterClass: row.masterClass!, className: row.className!, section: row.section! }
    : null;
  const classFee: ClassFee | null =
    row.hasFee && row.classId
      ? (() => {
          const f = row.fee as Omit<ClassFee, 'assignClassId' | 'sessionId' | 'subtotal' | 'tax' | 'total' | 'updatedAt'> & { updatedAt: Date };
          const amounts = { academic: f.academic, convenience: f.convenience, development: f.development, tuition: f.tuition, other: f.other, taxBp: f.taxBp };
          return { ...amounts, ...classFeeTotal(amounts), assignClassId: row.classId, sessionId, updatedAt: f.updatedAt.toISOString() };
        })()
      : null;

  const payOptions = { online: row.online, upi: row.upi };
  if (!row.recordId || !classRef) {
    return { student, sessionId, record: null, classFee, instalments: [], payments: [], today, payOptions };
  }

  const recordId = row.recordId;
  const [plan, paymentRows] = await allOf(db, [
    () => db
      .select({
        id: feeInstalments.id,
        seq: feeInstalments.seq,
        dueDate: feeInstalments.dueDate,
        amount: feeInstalments.amount,
        paid: feeInstalments.paid,
        lateFee: feeLateFees.amount,
        waivedAt: feeLateFees.waivedAt,
        waiveReason: feeLateFees.waiveReason,
        claimId: feeUpiClaims.id,
        claimReference: feeUpiClaims.reference,
        claimedAt: feeUpiClaims.claimedAt,
      })
      .from(feeInstalments)
      .leftJoin(feeLateFees, and(eq(feeLateFees.schoolId, feeInstalments.schoolId), eq(feeLateFees.instalmentId, feeInstalments.id)))
      .leftJoin(
        feeUpiClaims,
        and(eq(feeUpiClaims.schoolId, feeInstalments.schoolId), eq(feeUpiClaims.instalmentId, feeInstalments.id), eq(feeUpiClaims.status, 'pending')),
      )
      .where(and(eq(feeInstalments.schoolId, schoolId), eq(feeInstalments.feeRecordId, recordId)))
      .orderBy(asc(feeInstalments.seq)),
    () => db
      .select({
        p: feePayments,
        receiver: { userId: receiver.id, firstName: receiver.firstName, lastName: receiver.lastName, loginId: receiver.loginId },
        reverser: { userId: reverser.id, firstName: reverser.firstName, lastName: reverser.lastName, loginId: reverser.loginId },
      })
      .from(feePayments)
      .leftJoin(receiver, eq(receiver.id, feePayments.receivedBy))
      .leftJoin(reverser, eq(reverser.id, feePayments.reversedBy))
      .where(and(eq(feePayments.schoolId, schoolId), eq(feePayments.feeRecordId, recordId)))
      .orderBy(desc(feePayments.createdAt), desc(feePayments.receiptNo)),
  ]);

  const payments = paymentRows.map(presentPayment);
  const live = new Map(payments.filter((p) => !p.reversed && p.emiId).map((p) => [p.emiId!, p]));
  const instalments: Instalment[] = plan.map((i) => ({
    emiId: i.id,
    seq: i.seq,
    dueDate: i.dueDate,
    amount: i.amount,
    state: instalmentState(i, today),
    payment: (i.paid && live.get(i.id)) || null,
    // A paid instalment's late fee is on its payment; a waived one is shown as waived.
    lateFee: !i.paid && i.lateFee !== null && !i.waivedAt ? i.lateFee : 0,
    lateFeeWaived: i.lateFee !== null && i.waivedAt ? { amount: i.lateFee, reason: i.waiveReason ?? '' } : null,
    upiClaim: !i.paid && i.claimId ? { claimId: i.claimId, reference: i.claimReference!, claimedAt: i.claimedAt!.toISOString() } : null,
  }));
  const unpaid = instalments.filter((i) => i.state !== 'paid');
  const record: FeeRecord = {
    feeRecordId: row.recordId,
    sessionId,
    student: { ...student, rollNo: row.rollNo ?? null },
    class: classRef,
    classFee: row.recordClassFee!,
    adjustments: row.adjustments as FeeAdjustment[],
    total: row.total!,
    paid: row.paid!,
    balance: row.total! - row.paid!,
    instalments: instalments.length,
    instalmentsPaid: instalments.length - unpaid.length,
    nextDue: unpaid[0]?.dueDate ?? null,
    overdue: unpaid.filter((i) => i.state === 'overdue').reduce((sum, i) => sum + i.amount, 0),
    createdAt: row.recordCreatedAt!.toISOString(),
  };
  return { student, sessionId, record, classFee, instalments, payments, today, payOptions };
}

type PersonCols = { userId: string; firstName: string; lastName: string; loginId: string } | null;
const ref = (u: PersonCols) => (u && u.userId ? { userId: u.userId, fullName: fullName(u), loginId: u.loginId } : null);

/** A payment row (with who received and who reversed it) as the API shows it. */
export function presentPayment(r: { p: typeof feePayments.$inferSelect; receiver: PersonCols; reverser: PersonCols }): Payment {
  const p = r.p;
  return {
    paymentId: p.id,
    receiptNo: p.receiptNo,
    amount: p.amount,
    mode: p.mode as PaymentMode,
    reference: p.reference,
    paidOn: p.paidOn,
    receivedBy: ref(r.receiver),
    createdAt: p.createdAt.toISOString(),
    lateFee: p.lateFee,
    batchId: p.batchId,
    reversed: p.reversedAt
      ? {
          at: p.reversedAt.toISOString(),
          by: ref(r.reverser),
          reason: p.reversalReason ?? '',
          refund: p.refundAmount ? { amount: p.refundAmount, status: (p.refundStatus ?? 'pending') as 'pending' | 'processed' | 'failed' } : null,
        }
      : null,
    emiId: p.instalmentId,
    seq: p.seq,
  };
}

/**
 * `GET /api/school/feerecord/emi/student/:studentId/:sessionId`: admins any student of their
 * school, a parent its children, a student itself; anyone else (another school, another family)
 * 404.
 */
export async function studentFeesFor(deps: Pick<Deps, 'data'>, caller: Caller, p: { studentId: string; sessionId: string }): Promise<StudentFees> {
  const scope = scopeOf(caller);
  const db = tenantDb(deps, scope);
  await feesPolicy.assertStudentVisible(db, caller, scope, p.studentId);
  const fees = await loadStudentFees(db, scope, p.studentId, p.sessionId);
  // A student's fees are personal data: a staff member's view is recorded once the read has
  // succeeded (privacy/audit.ts); a refused one (404) did not happen and leaves no trace.
  recordStaffView(deps, caller, scope, p.studentId, 'fees');
  return fees;
}
