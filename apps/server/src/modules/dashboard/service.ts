import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CountKey, DashboardCounts, Role } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { schoolCounts, schools, users } from '../../db/schema.js';
import { PLATFORM } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { scopeOf, tenantDb } from '../../policy/index.js';

/** Which counts each role's dashboard shows (spec section 1: "as relevant to the role"). */
export const COUNTS_BY_ROLE: Record<Role, readonly CountKey[]> = {
  111: ['schools', 'systemAdmins', 'admins', 'teachers', 'students', 'parents'],
  112: ['admins', 'teachers', 'students', 'parents', 'classes'],
  113: ['teachers', 'students', 'parents', 'classes'],
  114: ['students', 'teachers', 'classes'],
  115: ['students'],
  116: ['teachers', 'classes'],
};

const USER_ROLE: Record<Exclude<CountKey, 'schools' | 'classes'>, Role> = {
  systemAdmins: 112,
  admins: 113,
  teachers: 114,
  students: 116,
  parents: 115,
};

/**
 * All of a dashboard's counts in one statement, from the counters the users trigger keeps (active
 * accounts only): no count grows with the school.
 */
export async function dashboardCounts(deps: Deps, caller: Caller): Promise<DashboardCounts> {
  const wanted = COUNTS_BY_ROLE[caller.roleId];
  const scope = scopeOf(caller);
  const query = prepared(tenantDb(deps, scope), `dashboard_${caller.roleId}`, (db, name) => {
    const school = sql.placeholder('school');
    const columns: Record<string, SQL<number>> = {};
    for (const key of wanted) {
      if (key === 'schools') {
        columns[key] = sql<number>`(select count(*) from ${schools})`.mapWith(Number);
      } else if (key === 'classes') {
        // Classes of the school's current session.
        // (Drizzle leaves columns unqualified inside sql``, so this subquery names its own aliases.)
        columns[key] = sql<number>`(select count(*) from classes c inner join academic_sessions s
          on s.id = c.session_id where c.school_id = ${school} and s.is_current)`.mapWith(Number);
      } else if (key === 'students' && caller.roleId === 115) {
        // A parent counts its own children.
        columns[key] = sql<number>`(select count(*) from ${users} where ${users.schoolId} = ${school}
          and ${users.roleId} = 116 and ${users.parentUserId} = ${sql.placeholder('user')} and ${users.status})`.mapWith(Number);
      } else {
        columns[key] = sql<number>`coalesce(sum(${schoolCounts.n}) filter (where ${schoolCounts.roleId} = ${USER_ROLE[key]}), 0)`.mapWith(Number);
      }
    }
    const where = and(eq(schoolCounts.active, true), scope === PLATFORM ? undefined : eq(schoolCounts.schoolId, school));
    return db.select(columns).from(schoolCounts).where(where).prepare(name);
  });
  const [row] = await query.execute({ school: scope, user: caller.userId });
  const counts: DashboardCounts['counts'] = {};
  for (const key of wanted) counts[key] = Number(row?.[key] ?? 0);
  return { counts };
}
