import { sql, type SQL } from 'drizzle-orm';
import { API, ROLE, type Role } from '@shala/contract';
import type { Caller } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { roleSql } from '../db/roles.js';
import { rowsOf } from '../db/rows.js';
import { forbidden } from '../errors.js';
import { allows } from './index.js';

/**
 * Who keeps the staff register (issue 42) and who is on it. The system admins (112) and the
 * principal (113) list and add staff members and mark the register (the contract's routes); the
 * register holds the school's active users of roles 112–114 and its staff without a sign-in. Leave:
 * the same admins decide anyone's but their own and see everyone's; a teacher applies for, sees and
 * cancels only its own (the contract's routes name who applies). The arrangement (substitution)
 * register: the admins always; a teacher only with the school's `arrangement` duty (a staff_duties
 * row, which the principal's staff settings give: the arrangement in-charge); a teacher's own covers
 * every teacher. The school is the session's (`schoolOf`): another school's records are never read.
 */

/** The roles on the staff register, in its order: the principal, the system admins, the teachers. */
const REGISTER_ROLES: readonly Role[] = [ROLE.PRINCIPAL, ROLE.SYSTEM_ADMIN, ROLE.TEACHER];

export const staffPolicy = {
  /** Who decides leave, and so is told of each application: the decision route's roles (112, 113). */
  LEAVE_ADMINS: API.staffLeaveDecide.roles,

  /** May the caller decide leave (approve or decline) and see everyone's (112, 113)? */
  leaveAdmin(caller: Caller): boolean {
    return allows(API.staffLeaveDecide.roles, caller.roleId);
  },

  /**
   * A condition on a staff_leaves row `l` the caller may see: an admin any of the school, a teacher
   * its own (another's answers 404).
   */
  leaveVisible(caller: Caller, l: SQL): SQL {
    return staffPolicy.leaveAdmin(caller) ? sql`true` : sql`${l}.user_id = ${caller.userId}`;
  },

  /** Whose balances the caller may read: an admin anyone's of the register, a teacher only its own. */
  balanceOf(caller: Caller, userId: string | undefined): string | null {
    if (!userId || userId === caller.userId) return caller.userId;
    return staffPolicy.leaveAdmin(caller) ? userId : null;
  },

  /** May the caller mark the register (save a date)? */
  canMark(caller: Caller): boolean {
    return allows(API.staffAttendanceSave.roles, caller.roleId);
  },

  /** A condition on a users row `u`: its role puts it on the staff register. */
  onRegister(u: SQL): SQL {
    return sql`${u}.role_id in (${sql.join(REGISTER_ROLES.map(roleSql), sql`, `)})`;
  },

  /**
   * May the caller keep the arrangement register (the day's page, a save, the PDF)? The route's
   * roles; of them, a teacher only with the `arrangement` duty (one read by the duties' primary
   * key; the admins read nothing). Else 403, before anything is read or written.
   */
  async assertMayArrange(db: DbOrTx, caller: Caller, schoolId: string): Promise<void> {
    if (!allows(API.substitutionSave.roles, caller.roleId)) throw forbidden();
    if (caller.roleId !== ROLE.TEACHER) return;
    const rows = rowsOf(
      await db.execute(sql`select 1 as one from staff_duties d where d.school_id = ${schoolId} and d.user_id = ${caller.userId} and d.duty = 'arrangement'`),
    );
    if (!rows.length) throw forbidden();
  },

  /** A condition on a users row `u`: it may be given the arrangement duty (issue 42): an active teacher. */
  mayArrangeAs(u: SQL): SQL {
    return staffPolicy.mayCover(u);
  },

  /** A condition on a users row `u`: it may substitute for a teacher away (issue 42): an active teacher. */
  mayCover(u: SQL): SQL {
    return sql`(${u}.role_id = ${roleSql(ROLE.TEACHER)} and ${u}.status)`;
  },

  /** A users row's place in the register's order (0 the principal, 1 the system admins, 2 the teachers). */
  registerOrder(u: SQL): SQL<number> {
    return sql<number>`case ${u}.role_id ${sql.join(
      REGISTER_ROLES.map((r, i) => sql`when ${roleSql(r)} then ${sql.raw(String(i))}`),
      sql` `,
    )} else ${sql.raw(String(REGISTER_ROLES.length))} end`;
  },
};
