import { sql } from 'drizzle-orm';
import { recordTuition, tuitionOfPayments } from '@shala/contract';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * A student's standing in fees, as certificates state it (issue 26): what is due and unpaid now
 * (a TC checks it), the month the fees are paid up to, and the tuition fee paid in a financial year
 * (the certificate for income tax, section 80C). Read from fee records, instalments, late fees and
 * payments in one statement each; money in paise. It reads the fee tables itself and imports no
 * code of fees: fees reach certificates (through academics and people), so an import back would
 * be a loop between the modules.
 */

type Scope = string;

export interface FeeStanding {
  /** Instalments due on or before `today` and unpaid, with their late fees not waived. */
  dues: number;
  /** The last month (YYYY-MM) all of whose instalments are paid, in the newest session with a record; null: none paid. */
  paidUpTo: string | null;
}

export async function feeStanding(db: DbOrTx, schoolId: Scope, studentId: string, today: string): Promise<FeeStanding> {
  const [row] = rowsOf<{ dues: string | null; first_unpaid: string | null; last_due: string | null; session_start: string | null; session_end: string | null; any_paid: boolean }>(
    await db.execute(sql`
      with rec as (
        select r.id, r.session_id from fee_records r
        join academic_sessions s on s.id = r.session_id and s.school_id = r.school_id
        where r.school_id = ${schoolId} and r.student_id = ${studentId}
      ), newest as (
        select r.id, s.start_date, s.end_date from rec r join academic_sessions s on s.id = r.session_id order by s.start_date desc limit 1
      )
      select
        (select coalesce(sum(i.amount + coalesce((select l.amount from fee_late_fees l where l.school_id = i.school_id and l.instalment_id = i.id and l.waived_at is null), 0)), 0)
          from fee_instalments i where i.school_id = ${schoolId} and i.fee_record_id in (select id from rec) and not i.paid and i.due_date <= ${today}::date) as dues,
        (select min(i.due_date)::text from fee_instalments i where i.school_id = ${schoolId} and i.fee_record_id = (select id from newest) and not i.paid) as first_unpaid,
        (select max(i.due_date)::text from fee_instalments i where i.school_id = ${schoolId} and i.fee_record_id = (select id from newest)) as last_due,
        (select start_date::text from newest) as session_start,
        (select end_date::text from newest) as session_end,
        exists (select 1 from fee_instalments i where i.school_id = ${schoolId} and i.fee_record_id = (select id from newest) and i.paid) as any_paid`),
  );
  if (!row) return { dues: 0, paidUpTo: null };
  let paidUpTo: string | null = null;
  if (row.session_end && row.any_paid) {
    if (!row.first_unpaid) paidUpTo = row.session_end.slice(0, 7);
    else {
      // The month before the first unpaid instalment falls due.
      const [y, m] = row.first_unpaid.split('-').map(Number) as [number, number];
      const before = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
      paidUpTo = row.session_start && before < row.session_start.slice(0, 7) ? null : before;
    }
  }
  return { dues: Number(row.dues ?? 0), paidUpTo };
}

export interface TuitionPayment {
  receiptNo: number;
  paidOn: string;
  sessionLabel: string;
  amount: number;
  tuition: number;
}

/**
 * The tuition fee paid between 1 April of `financialYear` and 31 March after, to the paisa: of each
 * payment not reversed (its late fee left out), the part it paid of its record's own tuition
 * (`recordTuition`: the class fee's tuition line; the record's other fee types are not tuition, a
 * concession takes off tuition in proportion), every record's payments counted in the order they
 * were made (`tuitionOfPayments`: a record paid in full has paid exactly its tuition). Every
 * payment of the record is read, those of other years too, as the running sum starts at its first.
 */
export async function tuitionPaid(db: DbOrTx, schoolId: Scope, studentId: string, financialYear: number): Promise<{ total: number; payments: TuitionPayment[] }> {
  const from = `${financialYear}-04-01`;
  const to = `${financialYear + 1}-03-31`;
  const rows = rowsOf<{ record_id: string; class_fee: string; record_total: string; adjustments: { amount: number }[]; class_tuition: string | null; class_total: string | null; receipt_no: number; paid_on: string; label: string; amount: string }>(
    await db.execute(sql`
      select r.id as record_id, r.class_fee::text as class_fee, r.total::text as record_total, r.adjustments,
        cf.tuition::text as class_tuition, cf.total::text as class_total,
        p.receipt_no, p.paid_on::text as paid_on, s.label, p.amount::text as amount
      from fee_payments p
      join fee_records r on r.id = p.fee_record_id and r.school_id = p.school_id
      join academic_sessions s on s.id = p.session_id and s.school_id = p.school_id
      left join class_fees cf on cf.school_id = r.school_id and cf.class_id = r.class_id
      where p.school_id = ${schoolId} and r.student_id = ${studentId} and p.reversed_at is null
      order by r.id, p.paid_on, p.receipt_no, p.created_at`),
  );
  const byRecord = new Map<string, typeof rows>();
  for (const r of rows) byRecord.set(r.record_id, [...(byRecord.get(r.record_id) ?? []), r]);
  const payments: TuitionPayment[] = [];
  for (const list of byRecord.values()) {
    const first = list[0]!;
    const total = Number(first.record_total);
    const tuition = recordTuition({
      classTuition: Number(first.class_tuition ?? 0),
      classTotal: Number(first.class_total ?? 0),
      classFee: Number(first.class_fee),
      adjustments: (first.adjustments ?? []).map((a) => ({ amount: Number(a.amount) })),
      total,
    });
    const parts = tuitionOfPayments(tuition, total, list.map((r) => Number(r.amount)));
    list.forEach((r, i) => {
      if (r.paid_on >= from && r.paid_on <= to) payments.push({ receiptNo: r.receipt_no, paidOn: r.paid_on, sessionLabel: r.label, amount: Number(r.amount), tuition: parts[i]! });
    });
  }
  payments.sort((a, b) => (a.paidOn === b.paidOn ? a.receiptNo - b.receiptNo : a.paidOn < b.paidOn ? -1 : 1));
  return { total: payments.reduce((sum, p) => sum + p.tuition, 0), payments };
}
