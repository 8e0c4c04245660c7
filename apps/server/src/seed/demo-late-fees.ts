import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { feeLateRules } from '../db/schema.js';
import { addDays, localDate } from '../modules/calendar/days.js';
import { assessLateFees } from '../modules/fees/late-fees.js';
import { now as clockNow } from '../clock.js';

/**
 * The demo school's late fees (issue 25), after its fees (demo-fees.ts): a rule for the current
 * session, ₹10 a day from the day after the due date, at most ₹500, set by the principal; the
 * instalment of DEMO-S0004 (the Verma family's second child, who has paid nothing) due on the
 * school's today moved to yesterday, so one instalment is overdue since yesterday (a late fee of
 * one day, ₹10, beside older ones at ₹300 and the ₹500 cap); then the late fees of today are
 * assessed, as the job would. Two statements and the assessment's one.
 */
export const DEMO_LATE_RULE = { kind: 'per_day', afterDays: 0, amount: 1_000, percentBp: 0, cap: 50_000 } as const;

export async function seedDemoLateFees(tx: Tx, d: { schoolId: string; sessionId: string; timeZone: string; principalId: string }): Promise<void> {
  const now = clockNow();
  const yesterday = addDays(localDate(d.timeZone, now), -1);
  await tx.insert(feeLateRules).values({ schoolId: d.schoolId, sessionId: d.sessionId, ...DEMO_LATE_RULE, active: true, updatedBy: d.principalId, updatedAt: now });
  // Her first unpaid instalment due today or later, when the one before it fell due before yesterday
  // (the plan's order stays).
  await tx.execute(sql`
    update fee_instalments set due_date = ${yesterday}::date
    where id = (
      select i.id from fee_instalments i
      join fee_records r on r.school_id = i.school_id and r.id = i.fee_record_id
      join users u on u.id = r.student_id and u.login_id = 'DEMO-S0004'
      where i.school_id = ${d.schoolId}::uuid and r.session_id = ${d.sessionId}::uuid and not i.paid and i.due_date > ${yesterday}::date
        and not exists (select 1 from fee_instalments p where p.school_id = i.school_id and p.fee_record_id = i.fee_record_id and p.seq < i.seq and p.due_date >= ${yesterday}::date)
      order by i.seq limit 1)`);
  await assessLateFees(tx, now, d.schoolId);
}
