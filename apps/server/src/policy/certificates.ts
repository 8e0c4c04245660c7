import { sql, type SQL } from 'drizzle-orm';
import { ROLE } from '@shala/contract';
import type { Caller } from '../context.js';
import { certificates } from '../db/schema.js';
import { familyWhere, type FamilyStudent } from './family.js';

/**
 * Who may see which certificate (issue 26):
 * - issuing, cancelling, previews and the register: the roles of the contract's routes (admins;
 *   issue and cancel: the principal);
 * - a certificate's PDF: admins (112, 113) any of their school's; a parent (115) its children's and
 *   a student (116) its own, once the school shared it with the family;
 * - the family's list: a parent its children's, a student its own, shared ones only.
 * Anyone else, or another family's: 404 (not disclosed). Each rule is a condition its statement
 * carries in its WHERE.
 */
export const certificatesPolicy = {
  /** A condition on a student: it is the caller's family (a student itself, a parent's child); another role sees nobody. */
  familyWhere(caller: Caller, student: FamilyStudent): SQL {
    return familyWhere(caller, student) ?? sql`false`;
  },

  /**
   * A condition on `certificates`: the caller may print it (its PDF). Admins: any of the school's
   * (undefined); the family: a shared one of its own (the parent link read in the statement).
   */
  printWhere(caller: Caller, schoolId: string): SQL | undefined {
    switch (caller.roleId) {
      case ROLE.SYSTEM_ADMIN:
      case ROLE.PRINCIPAL:
        return undefined;
      case ROLE.STUDENT:
        return sql`${certificates.studentId} = ${caller.userId} and ${certificates.sharedWithParent}`;
      case ROLE.PARENT:
        return sql`${certificates.sharedWithParent} and exists (select 1 from users s where s.id = ${certificates.studentId} and s.school_id = ${schoolId} and s.parent_user_id = ${caller.userId})`;
      default:
        return sql`false`;
    }
  },
};
