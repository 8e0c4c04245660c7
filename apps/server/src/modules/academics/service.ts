import { desc, eq } from 'drizzle-orm';
import type { AcademicSession } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { academicSessions } from '../../db/schema.js';
import { tenantDb } from '../../policy/index.js';

/** A school has a handful of sessions; the list is still bounded. */
const MAX_SESSIONS = 50;

export async function listSessions(deps: Deps, caller: Caller): Promise<AcademicSession[]> {
  const schoolId = caller.schoolId;
  if (!schoolId) return [];
  const rows = await tenantDb(deps, schoolId)
    .select()
    .from(academicSessions)
    .where(eq(academicSessions.schoolId, schoolId))
    .orderBy(desc(academicSessions.startDate))
    .limit(MAX_SESSIONS);
  return rows.map((s) => ({
    sessionId: s.id,
    sessionYear: s.label,
    startDate: s.startDate,
    endDate: s.endDate,
    isCurrent: s.isCurrent,
  }));
}

/** Academic years April to March, the last one current (today's date decides which is current). */
export function academicYears(today = new Date(), howMany = 4) {
  const startYear = today.getUTCMonth() >= 3 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return Array.from({ length: howMany }, (_, i) => {
    const y = startYear - (howMany - 1 - i);
    return {
      label: `${y}-${String((y + 1) % 100).padStart(2, '0')}`,
      startDate: `${y}-04-01`,
      endDate: `${y + 1}-03-31`,
      isCurrent: y === startYear,
    };
  });
}
