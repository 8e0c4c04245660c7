import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { now } from '../clock.js';
import { dayKind, loadDayRules, localDate } from '../modules/calendar/index.js';
import { arrangeProposal } from '../modules/staff/substitutions.js';

/**
 * The demo's arrangement of today (issue 42): once the staff seeds put a teacher away today (the
 * leave seed: approved leave, `on_leave` on today's register), today's uncovered periods are
 * arranged with the page's own proposal ("Fill all"), so the demo opens with an arrangement. On a
 * day that is not a school day, or with no one away, it does nothing. A teacher (`arrangerId`,
 * DEMO-T0004) is the arrangement in-charge: the register is in its menu too.
 */
export async function seedDemoSubstitutions(tx: Tx, ctx: { schoolId: string; sessionId: string; timeZone: string; principalId: string; arrangerId?: string }): Promise<number> {
  if (ctx.arrangerId) {
    await tx.execute(sql`insert into staff_duties (school_id, user_id, duty, granted_by, granted_at)
      values (${ctx.schoolId}, ${ctx.arrangerId}, 'arrangement', ${ctx.principalId}, ${now().toISOString()}::timestamptz)`);
  }
  const today = localDate(ctx.timeZone);
  const rules = await loadDayRules(tx, ctx.schoolId, ctx.sessionId, today, today);
  if (dayKind(rules, today).kind !== 'school') return 0;
  return arrangeProposal(tx, ctx.schoolId, ctx.sessionId, today, ctx.principalId);
}
