import { and, eq, sql } from 'drizzle-orm';
import { INSTALMENTS_MAX, monthlyDueDates, splitInstalments, type EmiPlanInput, type StudentFees } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { feeInstalments, feeRecords } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { scopeOf } from '../../policy/index.js';
import { inTenant } from '../../db/scope.js';
import { lockRecord } from './records.js';
import { loadStudentFees } from './student.js';
import { rowsOf } from '../../db/rows.js';

/**
 * A record's instalments (issue 9, part "records"): a plan splits the balance (total − paid) with
 * `splitInstalments` (the last instalment takes the remainder) over `monthlyDueDates` or the dates
 * given, replacing the unpaid instalments; paid ones stay, so the instalments of a record always
 * add up to its total. `lockInstalments` is the lock every write on instalments takes (payments,
 * reversals, late fees), after the record's: lock order record, instalment, receipt counter.
 */

type Scope = string;

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
    const [record] = rowsOf<{ total: number; paid: number; studentId: string; sessionId: string; lastPaidSeq: number }>(
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
// Locks of instalments (payments and late fees take them)

export interface LockedInstalment {
  id: string;
  seq: number;
  amount: number;
  paid: boolean;
  /** The late fee charged on it and not waived (paise), paid with it. */
  lateFee: number;
  recordId: string;
  sessionId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  parentUserId: string | null;
  timeZone: string;
}

/**
 * Locks instalments of one fee record of the school: the record first (the lock every write of a
 * record takes), then the instalments in the order of their numbers, read in a statement of their
 * own after the record's lock is held. Any that is not the school's (or was replaced by a plan
 * meanwhile): 404; instalments of two records: 400 `emi_records_differ`.
 */
export async function lockInstalments(tx: Tx, schoolId: Scope, emiIds: readonly string[]): Promise<LockedInstalment[]> {
  const ids = [...new Set(emiIds)];
  const records = await tx
    .select({ id: feeRecords.id })
    .from(feeRecords)
    .where(
      and(
        eq(feeRecords.schoolId, schoolId),
        sql`${feeRecords.id} in (select i.fee_record_id from ${feeInstalments} i where i.school_id = ${schoolId} and i.id = any(${sql.param(ids)}::uuid[]))`,
      ),
    )
    .orderBy(feeRecords.id)
    .for('update');
  if (records.length === 0) throw notFound('Instalment');
  if (records.length > 1) throw new AppError('BAD_REQUEST', 'Pay the instalments of one student at a time.', { reason: 'emi_records_differ' });
  const rows = rowsOf<LockedInstalment>(
    await tx.execute(sql`
      select i.id, i.seq, i.amount::float8 as amount, i.paid, coalesce(lf.amount, 0)::float8 as "lateFee",
        r.id as "recordId", r.session_id as "sessionId", r.student_id as "studentId",
        u.first_name as "firstName", u.last_name as "lastName", u.parent_user_id as "parentUserId", s.time_zone as "timeZone"
      from fee_instalments i
      join fee_records r on r.school_id = i.school_id and r.id = i.fee_record_id
      join users u on u.id = r.student_id
      join schools s on s.id = i.school_id
      left join fee_late_fees lf on lf.school_id = i.school_id and lf.instalment_id = i.id and lf.waived_at is null
      where i.school_id = ${schoolId} and i.id = any(${sql.param(ids)}::uuid[])
      order by i.seq
      for update of i`),
  );
  if (rows.length !== ids.length) throw notFound('Instalment');
  return rows;
}
