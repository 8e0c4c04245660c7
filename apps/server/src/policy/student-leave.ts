import { sql, type SQL } from 'drizzle-orm';
import { API, ROLE } from '@shala/contract';
import type { Caller } from '../context.js';
import { roleSql } from '../db/roles.js';
import { allows } from './index.js';
import { familyWhere } from './family.js';

/**
 * Leave asked by parents (issue 43): who sees, asks, decides and cancels a student's leave request.
 * A parent asks for its own children only (another child: 404) and sees their requests; a teacher
 * sees the requests of the classes it is class teacher of (the request's class, the child's class in
 * the request's session when asked) and decides them; the principal sees and decides the school's;
 * the system admin reads the school's (the contract's routes name who may call what). A request the
 * caller may not see answers 404, never 403.
 */
export const studentLeavePolicy = {
  /**
   * A condition on a student_leaves row `l` joined to its student `u` (a users row): the caller may
   * see it. Anything else (a student, the platform owner) sees nothing.
   */
  visible(caller: Caller, l: SQL, u: SQL): SQL {
    switch (caller.roleId) {
      case ROLE.PRINCIPAL:
      case ROLE.SYSTEM_ADMIN:
        return sql`true`;
      case ROLE.TEACHER:
        return sql`exists (select 1 from classes ct where ct.id = ${l}.class_id and ct.class_teacher_id = ${caller.userId})`;
      case ROLE.PARENT:
        return familyWhere(caller, { studentId: sql`${l}.student_id`, parentOf: sql`${u}.parent_user_id` })!;
      default:
        return sql`false`;
    }
  },

  /** A condition on a users row `u`: a child the caller may ask leave for (a parent's own child; anyone else none). */
  askable(caller: Caller, u: SQL): SQL {
    if (!allows(API.studentLeaveAsk.roles, caller.roleId)) return sql`false`;
    const family = familyWhere(caller, { studentId: sql`${u}.id`, parentOf: sql`${u}.parent_user_id` });
    return family ? sql`(${u}.role_id = ${roleSql(ROLE.STUDENT)} and ${family})` : sql`false`;
  },

  /**
   * A condition on a users row `u` and a classes row `c` a list may be filtered by (else 404): a
   * parent its own children, a teacher the classes it is class teacher of, the admins the school's.
   */
  filterable(caller: Caller, u: SQL, c: SQL): { student: SQL; cls: SQL } {
    switch (caller.roleId) {
      case ROLE.PRINCIPAL:
      case ROLE.SYSTEM_ADMIN:
        return { student: sql`true`, cls: sql`true` };
      case ROLE.TEACHER:
        return { student: sql`true`, cls: sql`${c}.class_teacher_id = ${caller.userId}` };
      case ROLE.PARENT:
        return { student: familyWhere(caller, { studentId: sql`${u}.id`, parentOf: sql`${u}.parent_user_id` })!, cls: sql`true` };
      default:
        return { student: sql`false`, cls: sql`false` };
    }
  },

  /** May the caller decide a request it sees (its class teacher, the principal)? */
  mayDecide(caller: Caller): boolean {
    return allows(API.studentLeaveDecide.roles, caller.roleId);
  },

  /** May the caller cancel a request it sees (its parent, the principal)? */
  mayCancel(caller: Caller): boolean {
    return allows(API.studentLeaveCancel.roles, caller.roleId);
  },
};
