import type { Tx } from '../db/client.js';
import { dayKind, loadDayRules, localDate } from '../modules/calendar/index.js';
import { arrangeProposal } from '../modules/staff/substitutions.js';

/**
 * The demo's arrangement of today (issue 42): once the staff seeds put a teacher away today (the
 * leave seed: approved leave, `on_leave` on today's register), today's uncovered periods are
 * arranged with the page's own proposal ("Fill all"), so the demo opens with an arrangement. On a
 * day that is not a school day, or with no one away, it does nothing.
 */
export async function seedDemoSubstitutions(tx: Tx, ctx: { schoolId: string; sessionId: string; timeZone: string; principalId: string }): Promise<number> {
  const today = localDate(ctx.timeZone);
  const rules = await loadDayRules(tx, ctx.schoolId, ctx.sessionId, today, today);
  if (dayKind(rules, today).kind !== 'school') return 0;
  return arrangeProposal(tx, ctx.schoolId, ctx.sessionId, today, ctx.principalId);
}
