import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { feeUpiClaims, paymentSettings } from '../db/schema.js';
import { nowMs } from '../clock.js';

/**
 * The demo school takes UPI without a gateway: a plainly fake UPI id (`demoschool@upi`, no bank's
 * handle) and its name; and one parent's UPI reference waiting for the office (/feeupiclaims), on
 * the first overdue instalment of the first student (by login id) with a parent, outside the
 * family of DEMO-G0001 (the demo parent's own screens stay as the fee journeys expect them),
 * entered the day before at 15:30 school time, for the instalment and its late fee. Two statements
 * after the fees and late fees are seeded.
 */
export const DEMO_UPI = { vpa: 'demoschool@upi', reference: '432109876543' } as const;

export async function seedDemoUpi(tx: Tx, d: { schoolId: string; schoolName: string; principalId: string; today: string }): Promise<void> {
  const { schoolId } = d;
  await tx
    .insert(paymentSettings)
    .values({ schoolId, upiVpa: DEMO_UPI.vpa, upiName: d.schoolName, updatedBy: d.principalId })
    .onConflictDoUpdate({ target: paymentSettings.schoolId, set: { upiVpa: DEMO_UPI.vpa, upiName: d.schoolName } });
  const {
    rows: [due],
  } = (await tx.execute(sql`
      select i.id, (i.amount + coalesce(lf.amount, 0))::float8 as amount, r.student_id as "studentId", u.parent_user_id as "parentId"
      from fee_instalments i
      left join fee_late_fees lf on lf.school_id = i.school_id and lf.instalment_id = i.id and lf.waived_at is null
      join fee_records r on r.school_id = i.school_id and r.id = i.fee_record_id
      join users u on u.id = r.student_id
      join users p on p.id = u.parent_user_id
      where i.school_id = ${schoolId} and not i.paid and i.due_date < ${d.today}::date and p.login_id <> 'DEMO-G0001'
      order by u.login_id, i.seq
      limit 1`)) as unknown as { rows: Array<{ id: string; amount: number; studentId: string; parentId: string }> };
  if (!due) return;
  const yesterday = Date.parse(`${d.today}T10:00:00Z`) - 86_400_000;
  await tx.insert(feeUpiClaims).values({
    schoolId,
    instalmentId: due.id,
    studentId: due.studentId,
    amount: due.amount,
    reference: DEMO_UPI.reference,
    claimedBy: due.parentId,
    claimedAt: new Date(Math.min(yesterday, nowMs())),
  });
}
