import { desc, eq } from 'drizzle-orm';
import type { AcademicSession } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { academicSessions } from '../../db/schema.js';
import { inTenant } from '../../policy/index.js';

/** A school has a handful of sessions; the list is still bounded. */
const MAX_SESSIONS = 50;

export async function listSessions(deps: Deps, caller: Caller): Promise<AcademicSession[]> {
  const schoolId = caller.schoolId;
  if (!schoolId) return [];
  const rows = await inTenant(deps.db, caller, (tx) =>
    tx
      .select()
      .from(academicSessions)
      .where(eq(academicSessions.schoolId, schoolId))
      .orderBy(desc(academicSessions.startDate))
      .limit(MAX_SESSIONS),
  );
  return rows.map((s) => ({
    sessionId: s.id,
    sessionYear: s.label,
    startDate: s.startDate,
    endDate: s.endDate,
    isCurrent: s.isCurrent,
  }));
}
