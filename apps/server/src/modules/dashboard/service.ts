import { eq, sql, type SQL } from 'drizzle-orm';
import type { CountKey, DashboardCounts, Role } from '@shala/contract';
import type { Caller, Deps } from '../../context.js';
import { schools, users } from '../../db/schema.js';
import { inTenant } from '../../policy/index.js';

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

/** All of a dashboard's counts in one statement. */
export async function dashboardCounts(deps: Deps, caller: Caller): Promise<DashboardCounts> {
  const wanted = COUNTS_BY_ROLE[caller.roleId];
  const columns: Record<string, SQL<number>> = {};
  for (const key of wanted) {
    if (key === 'schools') {
      columns[key] = sql<number>`(select count(*) from ${schools})`.mapWith(Number);
    } else if (key === 'classes') {
      // Classes of the school's current session.
      // (Drizzle leaves columns unqualified inside sql``, so this subquery names its own aliases.)
      columns[key] = sql<number>`(select count(*) from classes c inner join academic_sessions s
        on s.id = c.session_id where c.school_id = ${caller.schoolId} and s.is_current)`.mapWith(Number);
    } else if (key === 'students' && caller.roleId === 115) {
      // A parent counts its own children.
      columns[key] = sql<number>`count(*) filter (where ${users.roleId} = 116 and ${users.parentUserId} = ${caller.userId})`.mapWith(Number);
    } else {
      columns[key] = sql<number>`count(*) filter (where ${users.roleId} = ${USER_ROLE[key]})`.mapWith(Number);
    }
  }
  const scope = caller.roleId === 111 ? undefined : eq(users.schoolId, caller.schoolId!);
  const [row] = await inTenant(deps.db, caller, (tx) => tx.select(columns).from(users).where(scope));
  const counts: DashboardCounts['counts'] = {};
  for (const key of wanted) counts[key] = Number(row?.[key] ?? 0);
  return { counts };
}
