import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ROLE, type CountKey, type DashboardCounts, type DashboardQuery, type Role } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { schoolCounts, schools, users } from '../../db/schema.js';
import { PLATFORM } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { roleSql } from '../../db/roles.js';
import { notFound } from '../../errors.js';
import { scopeOf, tenantDb } from '../../policy/index.js';

/** Which counts each role's dashboard shows (spec section 1: "as relevant to the role"). */
export const COUNTS_BY_ROLE: Record<Role, readonly CountKey[]> = {
  [ROLE.OWNER]: ['schools', 'systemAdmins', 'admins', 'teachers', 'students', 'parents'],
  [ROLE.SYSTEM_ADMIN]: ['admins', 'teachers', 'students', 'parents', 'classes', 'subjects'],
  [ROLE.PRINCIPAL]: ['teachers', 'students', 'parents', 'classes', 'subjects'],
  // A teacher sees the school's size; the subject list is the admins' (no card it could open).
  [ROLE.TEACHER]: ['students', 'teachers', 'classes'],
  [ROLE.PARENT]: ['students'],
  [ROLE.STUDENT]: ['teachers', 'classes'],
};

const USER_ROLE: Record<Exclude<CountKey, 'schools' | 'classes' | 'subjects'>, Role> = {
  systemAdmins: ROLE.SYSTEM_ADMIN,
  admins: ROLE.PRINCIPAL,
  teachers: ROLE.TEACHER,
  students: ROLE.STUDENT,
  parents: ROLE.PARENT,
};

/**
 * All of a dashboard's counts in one statement, from the counters the users trigger keeps (active
 * accounts only): no count grows with the school. Classes are those of the session named (the
 * header's picker), else of the current session; a session that is not the school's answers 404
 * (told by the same statement). Subjects are the school's active subjects.
 */
export async function dashboardCounts(deps: Deps, caller: Caller, q: DashboardQuery = {}): Promise<DashboardCounts> {
  const wanted = COUNTS_BY_ROLE[caller.roleId];
  const scope = scopeOf(caller);
  const bySession = scope !== PLATFORM && wanted.includes('classes');
  const named = bySession && !!q.sessionId;
  const query = prepared(tenantDb(deps, scope), `dashboard_${caller.roleId}_${named ? 'session' : 'current'}`, (db, name) => {
    const school = sql.placeholder('school');
    const session = sql.placeholder('session');
    // (Drizzle leaves columns unqualified inside sql``, so these subqueries name their own aliases.)
    const current = sql`(select s.id from academic_sessions s where s.school_id = ${school} and s.is_current)`;
    const columns: Record<string, SQL<number> | SQL<boolean>> = {};
    for (const key of wanted) {
      if (key === 'schools') {
        columns[key] = sql<number>`(select count(*) from ${schools})`.mapWith(Number);
      } else if (key === 'classes') {
        columns[key] = sql<number>`(select count(*) from classes c where c.school_id = ${school}
          and c.session_id = ${named ? session : current})`.mapWith(Number);
      } else if (key === 'subjects') {
        columns[key] = sql<number>`(select count(*) from subjects x where x.school_id = ${school} and x.status)`.mapWith(Number);
      } else if (key === 'students' && caller.roleId === ROLE.PARENT) {
        // A parent counts its own children.
        columns[key] = sql<number>`(select count(*) from ${users} where ${users.schoolId} = ${school}
          and ${users.roleId} = ${roleSql(ROLE.STUDENT)} and ${users.parentUserId} = ${sql.placeholder('user')} and ${users.status})`.mapWith(Number);
      } else {
        columns[key] = sql<number>`coalesce(sum(${schoolCounts.n}) filter (where ${schoolCounts.roleId} = ${USER_ROLE[key]}), 0)`.mapWith(Number);
      }
    }
    if (named) columns.found = sql<boolean>`exists (select 1 from academic_sessions s where s.id = ${session} and s.school_id = ${school})`;
    const where = and(eq(schoolCounts.active, true), scope === PLATFORM ? undefined : eq(schoolCounts.schoolId, school));
    return db.select(columns).from(schoolCounts).where(where).prepare(name);
  });
  const [row] = await query.execute({ school: scope, user: caller.userId, session: q.sessionId });
  if (named && !row?.found) throw notFound('Session');
  const counts: DashboardCounts['counts'] = {};
  for (const key of wanted) counts[key] = Number(row?.[key] ?? 0);
  return { counts };
}
